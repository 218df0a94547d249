import { Button } from '../../components/ui/Button';
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';

/** The pad's drawing size in CSS pixels; the bitmap is this times the device pixel ratio. */
const PAD_WIDTH = 480;
const PAD_HEIGHT = 160;
/** The ink: the dark blue of a signing pen. */
const INK = '#1b2a6b';
const LINE_WIDTH = 2.6;
/** Blank kept around the strokes when the saved image is trimmed. */
const MARGIN = 8;

interface Point {
  readonly x: number;
  readonly y: number;
  readonly width: number;
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * A canvas to sign on with a mouse, a pen or a finger (Pointer Events, `touch-action: none` so a
 * finger draws instead of scrolling). Strokes are smoothed by drawing quadratic curves through
 * the midpoints of the points the browser reports, and a pen's pressure widens its line. 保存签名
 * trims the blank margin and hands a transparent PNG to `onSave`.
 */
export function SignaturePad({
  onSave,
  busy = false,
}: {
  onSave: (png: Blob) => void | Promise<void>;
  busy?: boolean;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const stroke = useRef<{ id: number; points: Point[] } | null>(null);
  /** What the strokes cover, in CSS pixels: what saving keeps. */
  const inked = useRef<Box | null>(null);
  const [empty, setEmpty] = useState(true);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = PAD_WIDTH * ratio;
    canvas.height = PAD_HEIGHT * ratio;
    canvas.getContext('2d')?.setTransform(ratio, 0, 0, ratio, 0, 0);
  }, []);

  const context = () => {
    const ctx = canvasRef.current?.getContext('2d') ?? null;
    if (ctx) {
      ctx.strokeStyle = INK;
      ctx.fillStyle = INK;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
    }
    return ctx;
  };

  /** A pointer event's position on the pad, in the pad's CSS pixels. */
  const pointOf = (e: {
    clientX: number;
    clientY: number;
    pressure: number;
    pointerType: string;
  }) => {
    const rect = canvasRef.current?.getBoundingClientRect();
    const scaleX = rect && rect.width > 0 ? PAD_WIDTH / rect.width : 1;
    const scaleY = rect && rect.height > 0 ? PAD_HEIGHT / rect.height : 1;
    // A mouse reports 0.5 while a button is down; only a pen's pressure means anything.
    const pressure = e.pointerType === 'pen' && e.pressure > 0 ? e.pressure : 0.5;
    return {
      x: (e.clientX - (rect?.left ?? 0)) * scaleX,
      y: (e.clientY - (rect?.top ?? 0)) * scaleY,
      width: LINE_WIDTH * (0.5 + pressure),
    };
  };

  const cover = (p: Point) => {
    const r = p.width;
    const box = inked.current;
    inked.current = box
      ? {
          left: Math.min(box.left, p.x - r),
          top: Math.min(box.top, p.y - r),
          right: Math.max(box.right, p.x + r),
          bottom: Math.max(box.bottom, p.y + r),
        }
      : { left: p.x - r, top: p.y - r, right: p.x + r, bottom: p.y + r };
  };

  /** Draws the newest piece of the stroke: a curve from the last midpoint to the next. */
  const extend = (points: readonly Point[]) => {
    const ctx = context();
    const n = points.length;
    const last = points[n - 1];
    if (!ctx || !last) return;
    cover(last);
    const before = points[n - 2];
    if (!before) {
      // A dot: a tap without a move still leaves ink.
      ctx.beginPath();
      ctx.arc(last.x, last.y, last.width / 2, 0, Math.PI * 2);
      ctx.fill();
      return;
    }
    const start = points[n - 3] ? midpoint(points[n - 3]!, before) : before;
    const end = midpoint(before, last);
    ctx.lineWidth = (before.width + last.width) / 2;
    ctx.beginPath();
    ctx.moveTo(start.x, start.y);
    ctx.quadraticCurveTo(before.x, before.y, end.x, end.y);
    ctx.stroke();
  };

  const down = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    stroke.current = { id: e.pointerId, points: [pointOf(e)] };
    extend(stroke.current.points);
    setEmpty(false);
  };

  const move = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const current = stroke.current;
    if (!current || current.id !== e.pointerId) return;
    // Fast strokes: the browser folds several moves into one event; draw them all.
    const events = e.nativeEvent.getCoalescedEvents?.() ?? [];
    for (const ev of events.length > 0 ? events : [e]) {
      current.points.push(pointOf(ev));
      extend(current.points);
    }
  };

  const up = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const current = stroke.current;
    if (!current || current.id !== e.pointerId) return;
    const last = current.points[current.points.length - 1];
    const before = current.points[current.points.length - 2];
    const ctx = context();
    if (ctx && last && before) {
      // The curves stop at midpoints: finish the line to where the pointer lifted.
      const from = midpoint(before, last);
      ctx.lineWidth = last.width;
      ctx.beginPath();
      ctx.moveTo(from.x, from.y);
      ctx.lineTo(last.x, last.y);
      ctx.stroke();
    }
    stroke.current = null;
  };

  const clear = () => {
    context()?.clearRect(0, 0, PAD_WIDTH, PAD_HEIGHT);
    inked.current = null;
    stroke.current = null;
    setEmpty(true);
  };

  const save = async () => {
    const canvas = canvasRef.current;
    const box = inked.current;
    if (!canvas || !box) return;
    const png = await trimmedPng(canvas, box);
    if (png) await onSave(png);
  };

  return (
    <div className="space-y-2" data-testid="signature-pad">
      <canvas
        ref={canvasRef}
        aria-label="签名板"
        className="block w-full max-w-[30rem] cursor-crosshair rounded-card border border-line-strong bg-white"
        style={{ touchAction: 'none', aspectRatio: `${PAD_WIDTH} / ${PAD_HEIGHT}` }}
        width={PAD_WIDTH}
        height={PAD_HEIGHT}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      />
      <div className="flex gap-2">
        <Button onClick={clear} disabled={empty || busy}>
          清除
        </Button>
        <Button variant="primary" onClick={() => void save()} disabled={empty} loading={busy}>
          保存签名
        </Button>
      </div>
    </div>
  );
}

const midpoint = (a: Point, b: Point) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/** The inked part of the pad (plus a small margin) as a transparent PNG. */
function trimmedPng(canvas: HTMLCanvasElement, box: Box): Promise<Blob | null> {
  const ratio = canvas.width / PAD_WIDTH;
  const left = Math.max(0, Math.floor(box.left - MARGIN));
  const top = Math.max(0, Math.floor(box.top - MARGIN));
  const right = Math.min(PAD_WIDTH, Math.ceil(box.right + MARGIN));
  const bottom = Math.min(PAD_HEIGHT, Math.ceil(box.bottom + MARGIN));
  const out = document.createElement('canvas');
  out.width = Math.max(1, Math.round((right - left) * ratio));
  out.height = Math.max(1, Math.round((bottom - top) * ratio));
  out
    .getContext('2d')
    ?.drawImage(
      canvas,
      left * ratio,
      top * ratio,
      out.width,
      out.height,
      0,
      0,
      out.width,
      out.height,
    );
  return new Promise((resolve) => out.toBlob(resolve, 'image/png'));
}
