/**
 * A small, safe Markdown renderer for the rules documents: headings, paragraphs, nested lists,
 * bold/italic, inline code, fenced code, tables, block quotes, rules and links. It builds React
 * elements (never HTML strings), so any markup in the source is shown as text.
 */
import type { ReactNode } from 'react';

type Align = 'left' | 'center' | 'right' | undefined;

type Block =
  | { t: 'heading'; level: number; text: string }
  | { t: 'paragraph'; text: string }
  | { t: 'list'; ordered: boolean; start: number; items: Block[][] }
  | { t: 'code'; text: string }
  | { t: 'table'; head: string[]; align: Align[]; rows: string[][] }
  | { t: 'quote'; blocks: Block[] }
  | { t: 'rule' };

const LIST_ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])(\s+|$)(.*)$/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const FENCE = /^ {0,3}(```|~~~)/;
const RULE = /^ {0,3}([-*_])(\s*\1){2,}\s*$/;
const TABLE_SEP = /^\s*\|?\s*:?-{1,}:?\s*(\|\s*:?-{1,}:?\s*)*\|?\s*$/;

const indentOf = (line: string) => line.length - line.trimStart().length;
const isBlank = (line: string | undefined) => line === undefined || line.trim() === '';

function splitRow(line: string): string[] {
  let s = line.trim();
  if (s.startsWith('|')) s = s.slice(1);
  if (s.endsWith('|') && !s.endsWith('\\|')) s = s.slice(0, -1);
  const cells: string[] = [];
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '\\' && s[i + 1] === '|') {
      cur += '|';
      i++;
    } else if (ch === '|') {
      cells.push(cur.trim());
      cur = '';
    } else {
      cur += ch;
    }
  }
  cells.push(cur.trim());
  return cells;
}

function startsBlock(line: string, next: string | undefined): boolean {
  return (
    HEADING.test(line) ||
    FENCE.test(line) ||
    RULE.test(line) ||
    LIST_ITEM.test(line) ||
    /^ {0,3}>/.test(line) ||
    (line.includes('|') && next !== undefined && TABLE_SEP.test(next) && next.includes('-'))
  );
}

export function parseBlocks(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (isBlank(line)) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !(lines[i] ?? '').trimStart().startsWith(fence[1] ?? '```')) {
        body.push(lines[i] ?? '');
        i++;
      }
      i++; // closing fence
      blocks.push({ t: 'code', text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ t: 'heading', level: (heading[1] ?? '#').length, text: heading[2] ?? '' });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ t: 'rule' });
      i++;
      continue;
    }
    const next = lines[i + 1];
    if (line.includes('|') && next !== undefined && TABLE_SEP.test(next) && next.includes('-')) {
      const head = splitRow(line);
      const align: Align[] = splitRow(next).map((cell) => {
        const left = cell.startsWith(':');
        const right = cell.endsWith(':');
        return left && right ? 'center' : right ? 'right' : left ? 'left' : undefined;
      });
      const rows: string[][] = [];
      i += 2;
      while (i < lines.length && !isBlank(lines[i]) && (lines[i] ?? '').includes('|')) {
        rows.push(splitRow(lines[i] ?? ''));
        i++;
      }
      blocks.push({ t: 'table', head, align, rows });
      continue;
    }
    if (/^ {0,3}>/.test(line)) {
      const body: string[] = [];
      while (i < lines.length && /^ {0,3}>/.test(lines[i] ?? '')) {
        body.push((lines[i] ?? '').replace(/^ {0,3}> ?/, ''));
        i++;
      }
      blocks.push({ t: 'quote', blocks: parseBlocks(body) });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      const [list, end] = parseList(lines, i);
      blocks.push(list);
      i = end;
      continue;
    }
    // Paragraph: consecutive lines until a blank line or another block starts.
    const text: string[] = [line.trim()];
    i++;
    while (i < lines.length && !isBlank(lines[i]) && !startsBlock(lines[i] ?? '', lines[i + 1])) {
      text.push((lines[i] ?? '').trim());
      i++;
    }
    blocks.push({ t: 'paragraph', text: text.join(' ') });
  }
  return blocks;
}

function parseList(lines: string[], start: number): [Block, number] {
  const first = LIST_ITEM.exec(lines[start] ?? '');
  const baseIndent = (first?.[1] ?? '').length;
  const ordered = /\d/.test(first?.[2] ?? '');
  const startNumber = ordered ? Number.parseInt(first?.[2] ?? '1', 10) : 1;
  const items: Block[][] = [];
  let i = start;
  while (i < lines.length) {
    const m = LIST_ITEM.exec(lines[i] ?? '');
    if (!m || (m[1] ?? '').length !== baseIndent || /\d/.test(m[2] ?? '') !== ordered) break;
    const contentOffset = (m[1] ?? '').length + (m[2] ?? '').length + Math.max(1, (m[3] ?? ' ').length);
    const body: string[] = [m[4] ?? ''];
    i++;
    while (i < lines.length) {
      const l = lines[i] ?? '';
      if (isBlank(l)) {
        // A blank line continues the item only if indented content follows.
        const after = lines[i + 1];
        if (after !== undefined && !isBlank(after) && indentOf(after) > baseIndent) {
          body.push('');
          i++;
          continue;
        }
        break;
      }
      const indent = indentOf(l);
      if (indent <= baseIndent && LIST_ITEM.test(l)) break;
      if (indent <= baseIndent && startsBlock(l, lines[i + 1])) break;
      body.push(l.slice(Math.min(indent, contentOffset)));
      i++;
    }
    items.push(parseBlocks(body));
    // Skip one blank line between items of a loose list.
    if (isBlank(lines[i]) && LIST_ITEM.test(lines[i + 1] ?? '')) {
      const m2 = LIST_ITEM.exec(lines[i + 1] ?? '');
      if ((m2?.[1] ?? '').length === baseIndent) i++;
    }
  }
  return [{ t: 'list', ordered, start: startNumber, items }, i];
}

const INLINE: { kind: 'escape' | 'code' | 'strong' | 'em' | 'link'; re: RegExp }[] = [
  { kind: 'escape', re: /\\([\\`*_[\]()#+\-.!|{}<>])/ },
  { kind: 'code', re: /(`+)(.+?)\1/ },
  { kind: 'link', re: /\[([^\]]+)\]\(([^)\s]+)\)/ },
  { kind: 'strong', re: /\*\*(?=\S)(.+?)\*\*|__(?=\S)(.+?)__/ },
  { kind: 'em', re: /\*(?=\S)(.+?)\*|(?<![\p{L}\p{N}])_(?=\S)(.+?)_(?![\p{L}\p{N}])/u },
];

function safeHref(href: string): string | null {
  if (/^https?:\/\//i.test(href) || href.startsWith('#') || href.startsWith('/')) return href;
  return null;
}

export function renderInline(text: string, keyPrefix = 'i'): ReactNode[] {
  const out: ReactNode[] = [];
  let rest = text;
  let n = 0;
  while (rest.length > 0) {
    let best: { kind: (typeof INLINE)[number]['kind']; m: RegExpExecArray } | null = null;
    for (const { kind, re } of INLINE) {
      const m = re.exec(rest);
      if (m && (best === null || m.index < best.m.index)) best = { kind, m };
    }
    if (!best) {
      out.push(rest);
      break;
    }
    const { kind, m } = best;
    if (m.index > 0) out.push(rest.slice(0, m.index));
    const key = `${keyPrefix}-${n++}`;
    switch (kind) {
      case 'escape':
        out.push(m[1]);
        break;
      case 'code':
        out.push(<code key={key}>{(m[2] ?? '').trim()}</code>);
        break;
      case 'link': {
        const href = safeHref(m[2] ?? '');
        const children = renderInline(m[1] ?? '', key);
        out.push(
          href ? (
            <a key={key} href={href} target={href.startsWith('http') ? '_blank' : undefined} rel="noreferrer">
              {children}
            </a>
          ) : (
            <span key={key}>{children}</span>
          ),
        );
        break;
      }
      case 'strong':
        out.push(<strong key={key}>{renderInline(m[1] ?? m[2] ?? '', key)}</strong>);
        break;
      case 'em':
        out.push(<em key={key}>{renderInline(m[1] ?? m[2] ?? '', key)}</em>);
        break;
    }
    rest = rest.slice(m.index + m[0].length);
  }
  return out;
}

function renderBlocks(blocks: Block[], keyPrefix: string, tight = false): ReactNode[] {
  return blocks.map((block, index) => {
    const key = `${keyPrefix}.${index}`;
    switch (block.t) {
      case 'heading': {
        const Tag = `h${Math.min(6, block.level + 1)}` as 'h2';
        return <Tag key={key}>{renderInline(block.text, key)}</Tag>;
      }
      case 'paragraph':
        return tight && index === 0 ? (
          <span key={key}>{renderInline(block.text, key)}</span>
        ) : (
          <p key={key}>{renderInline(block.text, key)}</p>
        );
      case 'code':
        return (
          <pre key={key}>
            <code>{block.text}</code>
          </pre>
        );
      case 'rule':
        return <hr key={key} />;
      case 'quote':
        return <blockquote key={key}>{renderBlocks(block.blocks, key)}</blockquote>;
      case 'list': {
        const items = block.items.map((item, j) => (
          <li key={`${key}.${j}`}>{renderBlocks(item, `${key}.${j}`, true)}</li>
        ));
        return block.ordered ? (
          <ol key={key} start={block.start === 1 ? undefined : block.start}>
            {items}
          </ol>
        ) : (
          <ul key={key}>{items}</ul>
        );
      }
      case 'table':
        return (
          <div className="md-table" key={key}>
            <table>
              <thead>
                <tr>
                  {block.head.map((cell, j) => (
                    <th key={j} style={{ textAlign: block.align[j] }}>
                      {renderInline(cell, `${key}.h${j}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {block.rows.map((row, r) => (
                  <tr key={r}>
                    {block.head.map((_, j) => (
                      <td key={j} style={{ textAlign: block.align[j] }}>
                        {renderInline(row[j] ?? '', `${key}.${r}.${j}`)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
    }
    return null;
  });
}

export function Markdown({ source }: { source: string }) {
  const blocks = parseBlocks(source.replace(/\r\n?/g, '\n').split('\n'));
  return <div className="markdown">{renderBlocks(blocks, 'b')}</div>;
}

/**
 * The source without the sections whose heading matches `drop`: a dropped section runs from its
 * heading to the next heading of the same or a higher level. Lines in fenced code are never headings.
 */
export function withoutSections(source: string, drop: RegExp): string {
  const kept: string[] = [];
  let fenced = false;
  let skipping: number | null = null;
  for (const line of source.split('\n')) {
    const fence = FENCE.test(line);
    const heading = fenced || fence ? null : HEADING.exec(line);
    if (fence) fenced = !fenced;
    if (heading) {
      const level = heading[1]?.length ?? 1;
      if (skipping !== null && level <= skipping) skipping = null;
      if (skipping === null && drop.test(heading[2] ?? '')) skipping = level;
    }
    if (skipping === null) kept.push(line);
  }
  return kept.join('\n');
}
