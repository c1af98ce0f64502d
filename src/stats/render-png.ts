/**
 * SVG → PNG in the process, with no browser and no system fonts: resvg (prebuilt) and the DejaVu TTFs the project
 * installs (dejavu-fonts-ttf), found through module resolution so the picture renders the same on a fresh machine.
 */
import { createRequire } from 'node:module';
import type * as ResvgPackage from '@resvg/resvg-js';

const require = createRequire(import.meta.url);

/** resvg (a native addon, megabytes of memory) loads at the first picture, so a bot that never draws one never pays. */
const loadResvg = () => require('@resvg/resvg-js') as typeof ResvgPackage;

/** The font files, resolved from the installed package (never a hard-coded path). */
export const FONT_FILES = ['dejavu-fonts-ttf/ttf/DejaVuSans.ttf', 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'].map(
  (file) => require.resolve(file),
);

/** Renders at `scale` × the SVG's own size, so text stays sharp on phone screens. */
export function renderPng(svg: string, scale = 2): Buffer {
  const width = Number(/<svg[^>]*\swidth="(\d+)"/.exec(svg)?.[1] ?? 1000);
  const resvg = new (loadResvg().Resvg)(svg, {
    fitTo: { mode: 'width', value: width * scale },
    font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
  });
  return resvg.render().asPng();
}
