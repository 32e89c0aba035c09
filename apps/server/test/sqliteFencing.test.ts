import { SqliteStore } from '../src/store/sqliteStore.ts';
import { describeFencing } from './storeFencing.ts';

describeFencing('SQLite', () => Promise.resolve(new SqliteStore(':memory:')));
