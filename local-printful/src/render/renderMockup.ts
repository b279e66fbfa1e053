import sharp, { type OverlayOptions } from "sharp";
import type { PrintPosition } from "../createTaskBody.ts";
import { type Box, printArea, productSvg, type ShapeName } from "./shapes.ts";

export interface MockupRender {
  shape: ShapeName;
  colourHex: string;
  view: "front" | "back";
  placement: string;
  /** The mockup's width and height in pixels. */
  size: number;
  /** The print file (any image sharp reads). */
  print: Buffer;
  position: PrintPosition | undefined;
}

export interface RenderedMockup {
  main: Buffer;
  /** The print area, enlarged. */
  closeUp: Buffer;
}

const toPixels = (box: Box, size: number): Box => ({ x: (box.x * size) / 100, y: (box.y * size) / 100, w: (box.w * size) / 100, h: (box.h * size) / 100 });

/** Where the print goes in the mockup (pixels): `position` mapped into the print area, else the whole image fitted in it. */
function printBox(area: Box, position: PrintPosition | undefined, imageWidth: number, imageHeight: number): Box {
  const frame = position ?? { area_width: imageWidth, area_height: imageHeight, left: 0, top: 0, width: imageWidth, height: imageHeight };
  const scale = Math.min(area.w / frame.area_width, area.h / frame.area_height);
  const originX = area.x + (area.w - frame.area_width * scale) / 2;
  const originY = area.y + (area.h - frame.area_height * scale) / 2;
  return { x: originX + frame.left * scale, y: originY + frame.top * scale, w: frame.width * scale, h: frame.height * scale };
}

/** The part of `box` inside `clip`, in whole pixels (undefined when nothing is left). */
function intersect(box: Box, clip: Box): Box | undefined {
  const x = Math.max(Math.round(box.x), Math.ceil(clip.x));
  const y = Math.max(Math.round(box.y), Math.ceil(clip.y));
  const right = Math.min(Math.round(box.x + box.w), Math.floor(clip.x + clip.w));
  const bottom = Math.min(Math.round(box.y + box.h), Math.floor(clip.y + clip.h));
  return right > x && bottom > y ? { x, y, w: right - x, h: bottom - y } : undefined;
}

/**
 * The product in its colour with the print composited onto the placement's area (scaled with
 * nearest-neighbour, so pixel art stays crisp and keeps its exact colours; clipped to the print
 * area as a printer would), and a close-up of that area. PNG, `size`×`size`.
 */
export async function renderMockup(request: MockupRender): Promise<RenderedMockup> {
  const { size } = request;
  const areaBox = printArea(request.shape, request.placement, request.view);
  if (!areaBox) throw new Error(`no print area ${request.placement} on a ${request.shape}`);
  const area = toPixels(areaBox, size);
  const meta = await sharp(request.print).metadata();
  if (!meta.width || !meta.height) throw new Error("the print file has no size");
  const box = printBox(area, request.position, meta.width, meta.height);
  const fullWidth = Math.max(1, Math.round(box.w));
  const fullHeight = Math.max(1, Math.round(box.h));
  const visible = intersect(box, area);
  const layers: OverlayOptions[] = [];
  if (visible) {
    const scaled = await sharp(request.print).resize(fullWidth, fullHeight, { kernel: "nearest", fit: "fill" }).png().toBuffer();
    const left = visible.x - Math.round(box.x);
    const top = visible.y - Math.round(box.y);
    const piece = await sharp(scaled)
      .extract({ left, top, width: Math.min(visible.w, fullWidth - left), height: Math.min(visible.h, fullHeight - top) })
      .png()
      .toBuffer();
    layers.push({ input: piece, left: visible.x, top: visible.y });
  }
  const main = await sharp(Buffer.from(productSvg(request.shape, request.colourHex, request.view, size)))
    .composite(layers)
    .png()
    .toBuffer();
  const margin = Math.max(area.w, area.h) * 0.15;
  const crop = intersect({ x: area.x - margin, y: area.y - margin, w: area.w + 2 * margin, h: area.h + 2 * margin }, { x: 0, y: 0, w: size, h: size });
  const closeUp = await sharp(main)
    .extract({ left: crop?.x ?? 0, top: crop?.y ?? 0, width: crop?.w ?? size, height: crop?.h ?? size })
    .resize(size, size, { kernel: "nearest", fit: "contain", background: "#eef0f3" })
    .png()
    .toBuffer();
  return { main, closeUp };
}
