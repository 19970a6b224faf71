import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';

/**
 * The documents' typeface: Noto Sans JP (SIL Open Font License 1.1) from the npm package
 * @expo-google-fonts/noto-sans-jp, which holds every kanji and kana as well as Latin. Read and
 * parsed once per process, on the first document: a parsed font shared by every document makes
 * one about seven times faster than parsing its 5.5 MB file for each
 * (docs/decisions/0036-order-documents.md).
 * pdfkit embeds only the glyphs a document uses.
 */
export type DocumentFonts = { regular: Font; bold: Font };

/** The font files, where the package put them (a path: they are read, not imported). */
const require = createRequire(import.meta.url);
const files = {
  regular: () => require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'),
  bold: () => require.resolve('@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf'),
};

let loaded: DocumentFonts | undefined;

function load(file: string): Font {
  const font = create(readFileSync(file));
  // A .ttf holds one font; a collection (.ttc) would need a name to pick one.
  if (!('layout' in font)) throw new Error(`${file} is a font collection, not one font`);
  return font;
}

export function documentFonts(): DocumentFonts {
  loaded ??= { regular: load(files.regular()), bold: load(files.bold()) };
  return loaded;
}
