/** What a PDF of ours says, read back from its bytes (no PDF library in the project): its
 * pages, its metadata strings, and its text. pdfkit writes text in a CID font as glyph ids
 * (`[<0012 0034 ...>] TJ`), inflated here from the FlateDecode streams and mapped back to
 * characters through the font's ToUnicode CMap, so a field the template left out, or put in
 * wrong, is missing from the text. Enough for pdfkit's output, not a general parser. */
import { inflateSync } from 'node:zlib';

export interface PdfFacts {
  pages: number;
  /** The Info dictionary's strings: Title, Author, Subject ... */
  info: Record<string, string>;
  /** Each text object's shown text (a line of the document, or a part of a wrapped one). */
  lines: string[];
}

const hexToUtf16 = (hex: string) => {
  let out = '';
  for (let i = 0; i + 4 <= hex.length; i += 4) out += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16));
  return out;
};

/** A PDF literal string `( ... )`: escapes undone; UTF-16BE when it starts with a byte-order mark. */
function literal(raw: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c !== '\\') {
      bytes.push(c.charCodeAt(0) & 0xff);
      continue;
    }
    const n = raw[++i];
    const simple: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };
    if (n in simple) bytes.push(simple[n]);
    else if (/[0-7]/.test(n)) {
      const oct = /^[0-7]{1,3}/.exec(raw.slice(i))![0];
      bytes.push(parseInt(oct, 8));
      i += oct.length - 1;
    }
  }
  const buf = Buffer.from(bytes);
  if (buf[0] === 0xfe && buf[1] === 0xff) return buf.subarray(2).swap16().toString('utf16le');
  return buf.toString('latin1');
}

export function readPdf(pdf: Buffer): PdfFacts {
  const raw = pdf.toString('latin1');
  const objects = new Map<number, string>();
  for (const m of raw.matchAll(/(\d+) 0 obj\s([\s\S]*?)endobj/g)) objects.set(Number(m[1]), m[2]);
  const streams: string[] = [];
  for (const body of objects.values()) {
    const s = /stream\r?\n([\s\S]*?)\r?\nendstream/.exec(body);
    if (!s) continue;
    // The dictionary's /Length, not the pattern, says where the data ends: compressed data that
    // ends in a \r byte would otherwise lose it to the \r?\n before `endstream`.
    const length = /\/Length (\d+)\b/.exec(body);
    const data = length ? body.slice(s.index + s[0].indexOf('\n') + 1).slice(0, Number(length[1])) : s[1];
    const bytes = Buffer.from(data, 'latin1');
    streams.push(/\/FlateDecode/.test(body) ? inflateSync(bytes).toString('latin1') : data);
  }

  // Glyph id -> text, from the ToUnicode CMap(s).
  const glyphs = new Map<string, string>();
  for (const cmap of streams.filter((s) => s.includes('begincmap'))) {
    for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const r of block[1].matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(\[[^\]]*\]|<[0-9a-f]+>)/gi)) {
        const from = parseInt(r[1], 16);
        const to = parseInt(r[2], 16);
        const targets = r[3].startsWith('[') ? [...r[3].matchAll(/<([0-9a-f]+)>/gi)].map((x) => hexToUtf16(x[1])) : null;
        for (let g = from; g <= to; g++) {
          const text = targets ? targets[g - from] : String.fromCharCode(parseInt(r[3].slice(1, -1), 16) + (g - from));
          glyphs.set(g.toString(16).padStart(4, '0'), text);
        }
      }
    }
    for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const c of block[1].matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>/gi)) glyphs.set(c[1].toLowerCase().padStart(4, '0'), hexToUtf16(c[2]));
    }
  }
  const decode = (hex: string) => (hex.toLowerCase().match(/.{4}/g) ?? []).map((g) => glyphs.get(g) ?? '\uFFFD').join('');

  const lines: string[] = [];
  for (const content of streams.filter((s) => s.includes('BT'))) {
    for (const bt of content.matchAll(/BT([\s\S]*?)ET/g)) {
      const shown = [...bt[1].matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]+)>\s*Tj/g)]
        .map((op) => (op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]+)>/g)].map((h) => decode(h[1])).join('') : decode(op[2])))
        .join('');
      if (shown) lines.push(shown);
    }
  }

  const info: Record<string, string> = {};
  const infoRef = /\/Info (\d+) 0 R/.exec(raw);
  const infoBody = infoRef ? (objects.get(Number(infoRef[1])) ?? '') : '';
  for (const entry of infoBody.matchAll(/\/(\w+) (?:(\d+) 0 R|\((.*)\))/g)) {
    const value = entry[2] ? (/^\s*\(([\s\S]*)\)\s*$/.exec(objects.get(Number(entry[2])) ?? '')?.[1] ?? '') : entry[3];
    info[entry[1]] = literal(value);
  }
  const pages = [...raw.matchAll(/\/Type \/Page\b/g)].length;
  return { pages, info, lines };
}
