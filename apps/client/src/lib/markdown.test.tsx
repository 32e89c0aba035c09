import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { Markdown } from './markdown.tsx';
import { withoutSections } from './sections.ts';

const html = (source: string) => renderToStaticMarkup(<Markdown source={source} />);

describe('markdown', () => {
  it('drops raw HTML and refuses script links', () => {
    const out = html('Hi <script>alert(1)</script> [x](javascript:alert(1)) [ok](https://example.org)');
    expect(out).not.toContain('<script>');
    expect(out).not.toContain('javascript:');
    expect(out).toContain('href="https://example.org"');
  });

  it('renders headings one level down, emphasis, code, lists and tables', () => {
    const out = html(
      '# Title\n\nSome **bold** and *it* and `code`.\n\n- a\n- b\n  - c\n\n| A | B |\n|---|--:|\n| 1 | 2 |\n',
    );
    expect(out).toContain('<h2>Title</h2>');
    expect(out).toContain('<strong>bold</strong>');
    expect(out).toContain('<em>it</em>');
    expect(out).toContain('<code>code</code>');
    expect(out.replace(/\n/g, '')).toMatch(/<ul><li>a<\/li><li>b<ul><li>c<\/li><\/ul><\/li><\/ul>/);
    expect(out).toContain('<div class="md-table"><table>');
    expect(out).toContain('<th>A</th>');
    expect(out).toMatch(/<td style="text-align:\s*right">2<\/td>/);
  });

  it('drops a section up to the next heading of its level, but not headings in code', () => {
    const source = [
      '# Game',
      '## Play',
      'play text',
      '## Clause → test',
      '| Clause | Test |',
      '### Sub',
      'sub text',
      '```',
      '## not a heading',
      '```',
      '## Decisions',
      'decided',
    ].join('\n');
    const out = withoutSections(source, /^clause\s*→\s*test$/i);
    expect(out.split('\n')).toEqual(['# Game', '## Play', 'play text', '## Decisions', 'decided']);
    expect(withoutSections('## Clause → test\nx', /^clause/i)).toBe('');
    expect(withoutSections(source, /^nothing$/)).toBe(source);
  });
});
