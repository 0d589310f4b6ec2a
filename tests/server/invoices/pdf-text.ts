// A small reader of the PDFs pdfkit writes, enough for tests: inflates the streams, maps each font's glyph ids to
// text through its ToUnicode CMap and reads the text shown (TJ) in order. Not a general PDF parser.
import { inflateSync } from 'node:zlib';

interface PdfObject {
  dict: string;
  stream: string | null;
}

/** The PDF's objects by number, streams inflated (latin1 text). */
export function pdfObjects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const re = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const body = m[2]!;
    const at = body.indexOf('stream');
    if (at < 0) {
      objects.set(Number(m[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, at);
    let raw = body.slice(at + 'stream'.length).replace(/^\r?\n/, '');
    raw = raw.slice(0, raw.lastIndexOf('endstream')).replace(/\r?\n$/, '');
    const bytes = Buffer.from(raw, 'latin1');
    const stream = /\/FlateDecode/.test(dict) ? inflateSync(bytes).toString('latin1') : raw;
    objects.set(Number(m[1]), { dict, stream });
  }
  return objects;
}

/** A ToUnicode CMap's glyph id → text. */
function cmapOf(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const hexText = (hex: string) => String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
  for (const m of cmap.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*\[([^\]]*)\]/g)) {
    const start = parseInt(m[1]!, 16);
    [...m[3]!.matchAll(/<([0-9a-fA-F]+)>/g)].forEach((v, i) => map.set(start + i, hexText(v[1]!)));
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(m[1]!, 16), hexText(m[2]!));
  }
  return map;
}

/** Everything a PDF's fonts say about themselves: resource name → base font, ToUnicode map, whether a TTF is embedded. */
export function pdfFonts(pdf: Buffer): Map<string, { baseFont: string; cmap: Map<number, string>; embedded: boolean }> {
  const objects = pdfObjects(pdf);
  const fonts = new Map<string, { baseFont: string; cmap: Map<number, string>; embedded: boolean }>();
  for (const { dict } of objects.values()) {
    for (const m of dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const font = objects.get(Number(m[2]));
      if (!font) continue;
      const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(font.dict);
      const descendant = /\/DescendantFonts \[(\d+) 0 R\]/.exec(font.dict);
      const descriptorRef = descendant ? /\/FontDescriptor (\d+) 0 R/.exec(objects.get(Number(descendant[1]))?.dict ?? '') : /\/FontDescriptor (\d+) 0 R/.exec(font.dict);
      const descriptor = descriptorRef ? objects.get(Number(descriptorRef[1]))?.dict ?? '' : '';
      fonts.set(m[1]!, {
        baseFont: /\/BaseFont \/(\S+)/.exec(font.dict)?.[1] ?? '',
        cmap: toUnicode ? cmapOf(objects.get(Number(toUnicode[1]))?.stream ?? '') : new Map(),
        embedded: /\/FontFile2 \d+ 0 R/.test(descriptor),
      });
    }
  }
  return fonts;
}

/** The text a PDF shows, one line per TJ operator, in drawing order. */
export function pdfText(pdf: Buffer): string {
  const objects = pdfObjects(pdf);
  const fonts = pdfFonts(pdf);
  const lines: string[] = [];
  for (const { dict, stream } of objects.values()) {
    if (!stream || /\/Subtype|\/Length1|CMap/.test(dict) || stream.includes('begincmap')) continue;
    let font: Map<number, string> | undefined;
    for (const m of stream.matchAll(/\/(F\d+) [\d.]+ Tf|\[((?:[^\]])*)\] TJ/g)) {
      if (m[1]) font = fonts.get(m[1])?.cmap;
      else if (font) lines.push([...m[2]!.matchAll(/<([0-9a-fA-F]+)>/g)].map((h) => (h[1]!.match(/.{4}/g) ?? []).map((g) => font!.get(parseInt(g, 16)) ?? '?').join('')).join(''));
    }
  }
  return lines.join('\n');
}
