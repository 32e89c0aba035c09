/**
 * Rules text rendered with react-markdown and GitHub-flavoured tables. Raw HTML in the source is
 * dropped and unsafe link schemes are removed by react-markdown's default URL filter. Headings move
 * one level down: the panel's own title is the page's <h2>.
 */
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

const COMPONENTS: Components = {
  h1: (props) => <h2 {...strip(props)} />,
  h2: (props) => <h3 {...strip(props)} />,
  h3: (props) => <h4 {...strip(props)} />,
  h4: (props) => <h5 {...strip(props)} />,
  table: (props) => (
    <div className="md-table">
      <table {...strip(props)} />
    </div>
  ),
  a: (props) => <a {...strip(props)} target="_blank" rel="noreferrer" />,
};

/** react-markdown passes its syntax-tree `node` to every component; it must not reach the DOM. */
function strip<T extends { node?: unknown }>(props: T): Omit<T, 'node'> {
  const { node: _node, ...rest } = props;
  return rest;
}

export function Markdown({ source }: { source: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml components={COMPONENTS}>
        {source}
      </ReactMarkdown>
    </div>
  );
}
