import { MotionConfig } from 'motion/react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
// Card movement follows the system's "reduce motion" setting: no sliding cards when it is on.
createRoot(root).render(
  <MotionConfig reducedMotion="user">
    <App />
  </MotionConfig>,
);
