// A help page's plain text (data/help/*, laid out for an 80-column
// terminal) as blocks a page can flow at any width: headings, paragraphs,
// numbered and bulleted lists, and titled items (an example and what it
// shows). Pure: text in, blocks out.

export type HelpBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'items'; items: { title: string; text: string }[] };

const indent = (l: string) => l.length - l.trimStart().length;
const join = (lines: string[]) => lines.map((l) => l.trim()).join(' ');

/** The indented lines of a block as list items: each line at the smallest indent starts one. */
function items(lines: string[]): string[][] {
  const least = Math.min(...lines.map(indent));
  const out: string[][] = [];
  for (const l of lines) {
    if (indent(l) === least || !out.length) out.push([l]);
    else out[out.length - 1].push(l);
  }
  return out;
}

export function helpBlocks(text: string): HelpBlock[] {
  const blocks: HelpBlock[] = [];
  for (const block of text.replace(/\r/g, '').split(/\n\s*\n/)) {
    const lines = block.split('\n').filter((l) => l.trim());
    if (!lines.length) continue;
    let body = lines;
    if (indent(lines[0]) === 0 && lines.length > 1 && indent(lines[1]) > 0) {
      blocks.push({ kind: 'heading', text: lines[0].trim() });
      body = lines.slice(1);
    } else if (indent(lines[0]) === 0 && lines.length === 1 && blocks.length === 0) {
      blocks.push({ kind: 'heading', text: lines[0].trim() });
      continue;
    }
    if (body.every((l) => indent(l) === 0)) {
      blocks.push({ kind: 'paragraph', text: join(body) });
      continue;
    }
    const groups = items(body);
    const first = groups[0][0].trim();
    if (/^\d+\.\s/.test(first)) blocks.push({ kind: 'list', ordered: true, items: groups.map((g) => join(g).replace(/^\d+\.\s+/, '')) });
    else if (/^\*\s/.test(first)) blocks.push({ kind: 'list', ordered: false, items: groups.map((g) => join(g).replace(/^\*\s+/, '')) });
    else blocks.push({ kind: 'items', items: groups.map((g) => ({ title: g[0].trim(), text: join(g.slice(1)) })) });
  }
  return blocks;
}
