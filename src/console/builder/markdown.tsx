// The few Markdown forms docs/install.md uses, as React elements (never HTML strings): headings,
// paragraphs, numbered and bulleted lists, fenced code, **bold**, *italic*, `code`. A link keeps
// its words only: the console links nowhere outside itself.
import type { ReactNode } from "react";

function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /(\*\*[^*]+\*\*|`[^`]+`|\*[^*\s][^*]*\*|\[[^\]]+\]\([^)]+\))/g;
  let last = 0;
  let n = 0;
  for (const match of text.matchAll(pattern)) {
    const token = match[0];
    if (match.index > last) out.push(text.slice(last, match.index));
    const k = `${key}-${n++}`;
    if (token.startsWith("**")) out.push(<strong key={k}>{token.slice(2, -2)}</strong>);
    else if (token.startsWith("`")) out.push(<code key={k}>{token.slice(1, -1)}</code>);
    else if (token.startsWith("[")) out.push(token.slice(1, token.indexOf("](")));
    else out.push(<em key={k}>{token.slice(1, -1)}</em>);
    last = match.index + token.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** Markdown text (a part of docs/install.md) as elements; `## ` headings become `level`. */
export function MarkdownContent({ text, level = 3 }: { text: string; level?: 3 | 4 }) {
  const lines = text.split("\n");
  const blocks: ReactNode[] = [];
  let i = 0;
  const Heading = level === 3 ? "h3" : "h4";
  while (i < lines.length) {
    const line = lines[i]!;
    const key = `b${blocks.length}`;
    if (line.trim() === "") {
      i++;
    } else if (line.startsWith("```")) {
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i]!.startsWith("```"); i++) code.push(lines[i]!);
      i++;
      blocks.push(
        <pre key={key} className="code">
          <code>{code.join("\n")}</code>
        </pre>,
      );
    } else if (/^#{2,4} /.test(line)) {
      blocks.push(<Heading key={key}>{inline(line.replace(/^#+ /, ""), key)}</Heading>);
      i++;
    } else if (/^(\d+\.|-) /.test(line)) {
      const ordered = /^\d+\./.test(line);
      const items: string[] = [];
      for (; i < lines.length && lines[i]!.trim() !== ""; i++) {
        const item = lines[i]!;
        if (/^(\d+\.|-) /.test(item)) items.push(item.replace(/^(\d+\.|-) /, ""));
        else items[items.length - 1] += ` ${item.trim()}`;
      }
      const List = ordered ? "ol" : "ul";
      blocks.push(
        <List key={key}>
          {items.map((item, j) => (
            <li key={j}>{inline(item, `${key}-${j}`)}</li>
          ))}
        </List>,
      );
    } else {
      const words: string[] = [];
      for (; i < lines.length && lines[i]!.trim() !== "" && !lines[i]!.startsWith("```") && !/^#{2,4} /.test(lines[i]!); i++) words.push(lines[i]!.trim());
      blocks.push(<p key={key}>{inline(words.join(" "), key)}</p>);
    }
  }
  return <>{blocks}</>;
}

/** docs/install.md cut at its `## ` headings: [title, body] pairs (the part before the first is the introduction). */
export function splitSections(markdown: string): Array<{ title: string; body: string }> {
  const sections: Array<{ title: string; body: string }> = [];
  for (const part of markdown.split(/^## /m).slice(1)) {
    const newline = part.indexOf("\n");
    sections.push({ title: part.slice(0, newline).trim(), body: part.slice(newline + 1) });
  }
  return sections;
}
