import { deflateSync } from 'node:zlib';

/**
 * The captcha as a PNG, drawn from svg-captcha's SVG: RuoYi's login reads `img` as the base64 of
 * a raster image (it prepends `data:image/gif;base64,`; browsers sniff a PNG under that type,
 * never an SVG). svg-captcha writes a background `rect`, filled glyph `path`s (M, L, Q, C, Z) and
 * stroked noise `path`s; this fills the glyphs by the nonzero rule with 4×4 supersampling and
 * draws the noise as 1.5 px lines, with node's zlib as the only codec. No native build, no new
 * dependency: a captcha needs no more than this.
 */

type Rgb = readonly [number, number, number];
type Point = readonly [number, number];

const hex = (c: string): Rgb => {
  const h = c.replace('#', '');
  const full = h.length === 3 ? [...h].map((x) => x + x).join('') : h;
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

/** An SVG path's subpaths as polygons, curves flattened to `steps` segments. */
export function flattenPath(d: string, steps = 8): Point[][] {
  const tokens = d.match(/[MLQCZ]|-?\d*\.?\d+(?:e-?\d+)?/gi) ?? [];
  const out: Point[][] = [];
  let current: Point[] = [];
  let at: Point = [0, 0];
  let i = 0;
  const num = () => Number(tokens[i++]);
  let command = '';
  while (i < tokens.length) {
    if (/^[A-Za-z]$/.test(tokens[i]!)) command = tokens[i++]!.toUpperCase();
    if (command === 'M') {
      if (current.length > 1) out.push(current);
      at = [num(), num()];
      current = [at];
      command = 'L';
    } else if (command === 'L') {
      at = [num(), num()];
      current.push(at);
    } else if (command === 'Q') {
      const c: Point = [num(), num()];
      const to: Point = [num(), num()];
      for (let s = 1; s <= steps; s += 1) {
        const t = s / steps;
        const u = 1 - t;
        current.push([
          u * u * at[0] + 2 * u * t * c[0] + t * t * to[0],
          u * u * at[1] + 2 * u * t * c[1] + t * t * to[1],
        ]);
      }
      at = to;
    } else if (command === 'C') {
      const c1: Point = [num(), num()];
      const c2: Point = [num(), num()];
      const to: Point = [num(), num()];
      for (let s = 1; s <= steps; s += 1) {
        const t = s / steps;
        const u = 1 - t;
        const a = u * u * u;
        const b = 3 * u * u * t;
        const c = 3 * u * t * t;
        const e = t * t * t;
        current.push([
          a * at[0] + b * c1[0] + c * c2[0] + e * to[0],
          a * at[1] + b * c1[1] + c * c2[1] + e * to[1],
        ]);
      }
      at = to;
    } else if (command === 'Z') {
      if (current.length > 1) out.push(current);
      current = [];
      command = '';
    } else {
      i += 1; // an unknown token: skip it rather than loop
    }
  }
  if (current.length > 1) out.push(current);
  return out;
}

class Canvas {
  readonly pixels: Float64Array;
  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = new Float64Array(width * height * 3);
    for (let p = 0; p < width * height; p += 1) this.pixels.set(background, p * 3);
  }

  private blend(x: number, y: number, color: Rgb, alpha: number): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height || alpha <= 0) return;
    const o = (y * this.width + x) * 3;
    for (let k = 0; k < 3; k += 1)
      this.pixels[o + k] = this.pixels[o + k]! * (1 - alpha) + color[k]! * alpha;
  }

  /** Fills polygons by the nonzero rule, 4×4 samples a pixel. */
  fill(polygons: readonly Point[][], color: Rgb): void {
    const S = 4;
    const cover = new Float64Array(this.width * this.height);
    const edges = polygons.flatMap((poly) =>
      poly.map((p, k) => [p, poly[(k + 1) % poly.length]!] as const),
    );
    for (let sy = 0; sy < this.height * S; sy += 1) {
      const y = (sy + 0.5) / S;
      const crossings: { x: number; w: number }[] = [];
      for (const [a, b] of edges) {
        if (a[1] <= y === b[1] <= y) continue;
        crossings.push({
          x: a[0] + ((y - a[1]) / (b[1] - a[1])) * (b[0] - a[0]),
          w: b[1] > a[1] ? 1 : -1,
        });
      }
      crossings.sort((p, q) => p.x - q.x);
      let winding = 0;
      for (let k = 0; k < crossings.length - 1; k += 1) {
        winding += crossings[k]!.w;
        if (winding === 0) continue;
        const from = Math.max(0, Math.ceil(crossings[k]!.x * S - 0.5));
        const to = Math.min(this.width * S - 1, Math.floor(crossings[k + 1]!.x * S - 0.5));
        for (let sx = from; sx <= to; sx += 1)
          cover[Math.floor(sy / S) * this.width + Math.floor(sx / S)]! += 1 / (S * S);
      }
    }
    for (let p = 0; p < cover.length; p += 1)
      this.blend(p % this.width, Math.floor(p / this.width), color, Math.min(1, cover[p]!));
  }

  /** Draws polylines `width` px wide (a disc stamped along each segment). */
  stroke(lines: readonly Point[][], color: Rgb, width: number): void {
    const r = width / 2;
    const near = new Float64Array(this.width * this.height);
    for (const line of lines)
      for (let k = 0; k < line.length - 1; k += 1) {
        const [a, b] = [line[k]!, line[k + 1]!];
        const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
        const x0 = Math.floor(Math.min(a[0], b[0]) - r - 1);
        const x1 = Math.ceil(Math.max(a[0], b[0]) + r + 1);
        const y0 = Math.floor(Math.min(a[1], b[1]) - r - 1);
        const y1 = Math.ceil(Math.max(a[1], b[1]) + r + 1);
        for (let y = Math.max(0, y0); y <= Math.min(this.height - 1, y1); y += 1)
          for (let x = Math.max(0, x0); x <= Math.min(this.width - 1, x1); x += 1) {
            const px = x + 0.5;
            const py = y + 0.5;
            const t =
              len === 0
                ? 0
                : Math.max(
                    0,
                    Math.min(
                      1,
                      ((px - a[0]) * (b[0] - a[0]) + (py - a[1]) * (b[1] - a[1])) / (len * len),
                    ),
                  );
            const dist = Math.hypot(
              px - (a[0] + t * (b[0] - a[0])),
              py - (a[1] + t * (b[1] - a[1])),
            );
            const alpha = Math.max(0, Math.min(1, r + 0.5 - dist));
            const o = y * this.width + x;
            near[o] = Math.max(near[o]!, alpha);
          }
      }
    for (let p = 0; p < near.length; p += 1)
      this.blend(p % this.width, Math.floor(p / this.width), color, near[p]!);
  }

  png(): Buffer {
    const raw = Buffer.alloc((this.width * 3 + 1) * this.height);
    for (let y = 0; y < this.height; y += 1) {
      raw[y * (this.width * 3 + 1)] = 0;
      for (let x = 0; x < this.width * 3; x += 1)
        raw[y * (this.width * 3 + 1) + 1 + x] = Math.round(this.pixels[y * this.width * 3 + x]!);
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter choice, no interlace
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer): number => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 255]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** svg-captcha's SVG (its rect, filled and stroked paths) as a PNG of the same size. */
export function captchaPng(svg: string): Buffer {
  const width = Number(/width="(\d+)"/.exec(svg)?.[1] ?? 150);
  const height = Number(/height="(\d+)"/.exec(svg)?.[1] ?? 50);
  const background = /<rect[^>]*fill="(#[0-9a-f]{3,6})"/i.exec(svg)?.[1] ?? '#ffffff';
  const canvas = new Canvas(width, height, hex(background));
  for (const m of svg.matchAll(/<path ([^>]*)\/?>/g)) {
    const attrs = m[1]!;
    const d = /\bd="([^"]*)"/.exec(attrs)?.[1];
    if (!d) continue;
    const stroke = /\bstroke="(#[0-9a-f]{3,6})"/i.exec(attrs)?.[1];
    const fill = /\bfill="(#[0-9a-f]{3,6})"/i.exec(attrs)?.[1];
    if (stroke) canvas.stroke(flattenPath(d, 16), hex(stroke), 1.5);
    else if (fill) canvas.fill(flattenPath(d), hex(fill));
  }
  return canvas.png();
}
