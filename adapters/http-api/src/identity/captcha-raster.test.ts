import { inflateSync } from 'node:zlib';
import svgCaptcha from 'svg-captcha';
import { describe, expect, it } from 'vitest';
import { captchaPng, flattenPath } from './captcha-raster.js';

/** A PNG of ours read back: its size and its RGB pixels (one IDAT, filter 0 on every row). */
function readPng(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idat = png.indexOf('IDAT');
  const raw = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
  const at = (x: number, y: number) => {
    const o = y * (width * 3 + 1) + 1 + x * 3;
    return [raw[o], raw[o + 1], raw[o + 2]];
  };
  return { width, height, at };
}

describe('the captcha as a raster image', () => {
  it('fills a shape by its path and leaves the background elsewhere', () => {
    const svg =
      '<svg width="30" height="20"><rect width="100%" height="100%" fill="#ffffff"/>' +
      '<path fill="#ff0000" d="M10 5L20 5L20 15L10 15Z"/>' +
      '<path d="M0 18 C10 18 20 18 30 18" stroke="#0000ff" fill="none"/></svg>';
    const img = readPng(captchaPng(svg));
    expect([img.width, img.height]).toEqual([30, 20]);
    expect(img.at(15, 10)).toEqual([255, 0, 0]);
    expect(img.at(3, 3)).toEqual([255, 255, 255]);
    expect(img.at(25, 10)).toEqual([255, 255, 255]);
    expect(img.at(15, 17)[2]).toBeGreaterThan(200);
    expect(img.at(15, 17)[0]).toBeLessThan(100);
  });

  it('flattens quadratic and cubic curves through their end points', () => {
    const [poly] = flattenPath('M0 0Q10 10 20 0C20 10 0 10 0 0Z', 4);
    expect(poly?.[0]).toEqual([0, 0]);
    expect(poly?.[4]).toEqual([20, 0]);
    expect(poly?.at(-1)).toEqual([0, 0]);
  });

  it('draws svg-captcha’s glyphs: the 150×50 image is not only background', () => {
    const c = svgCaptcha.create({ size: 4, noise: 2, color: true, background: '#f2f6fc' });
    const img = readPng(captchaPng(c.data));
    expect([img.width, img.height]).toEqual([150, 50]);
    let drawn = 0;
    for (let y = 0; y < 50; y += 1)
      for (let x = 0; x < 150; x += 1)
        if (img.at(x, y).join() !== [0xf2, 0xf6, 0xfc].join()) drawn += 1;
    expect(drawn).toBeGreaterThan(300);
  });
});
