#!/usr/bin/env node
// Draws the app icon (a sandbox box with a code prompt) into build/icon.png: 1024x1024 RGBA, no dependencies.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZE = 1024;

function crc32(buffer) {
  let crc = ~0;
  for (const byte of buffer) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++)
    rgba.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Signed distance to a rounded rectangle centred at (cx, cy). */
function roundedRect(x, y, cx, cy, halfW, halfH, radius) {
  const qx = Math.abs(x - cx) - halfW + radius;
  const qy = Math.abs(y - cy) - halfH + radius;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
}

/** Distance to the segment a-b. */
function segment(x, y, ax, ay, bx, by) {
  const px = x - ax,
    py = y - ay,
    dx = bx - ax,
    dy = by - ay;
  const t = Math.max(0, Math.min(1, (px * dx + py * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - t * dx, py - t * dy);
}

const coverage = (distance) => Math.max(0, Math.min(1, 0.5 - distance));

const pixels = Buffer.alloc(SIZE * SIZE * 4);
for (let y = 0; y < SIZE; y++) {
  for (let x = 0; x < SIZE; x++) {
    const t = (x + y) / (2 * SIZE);
    // Background: a rounded square, blue to violet.
    let r = 47 + (130 - 47) * t,
      g = 111 + (80 - 111) * t,
      b = 235 + (223 - 235) * t;
    let alpha = coverage(roundedRect(x, y, 512, 512, 440, 440, 190));
    // The prompt: a chevron and an underscore, in white with a soft inner panel.
    const panel = coverage(roundedRect(x, y, 512, 540, 300, 230, 60)) * 0.18;
    r += (255 - r) * panel;
    g += (255 - g) * panel;
    b += (255 - b) * panel;
    const stroke = 46;
    const chevron = Math.min(segment(x, y, 330, 420, 450, 540), segment(x, y, 450, 540, 330, 660)) - stroke;
    const underscore = segment(x, y, 520, 660, 690, 660) - stroke;
    const ink = coverage(Math.min(chevron, underscore));
    r += (255 - r) * ink;
    g += (255 - g) * ink;
    b += (255 - b) * ink;
    const i = (y * SIZE + x) * 4;
    pixels[i] = Math.round(r);
    pixels[i + 1] = Math.round(g);
    pixels[i + 2] = Math.round(b);
    pixels[i + 3] = Math.round(alpha * 255);
  }
}

const target = new URL('./icon.png', import.meta.url);
writeFileSync(target, encodePng(SIZE, SIZE, pixels));
process.stdout.write(`wrote ${target.pathname}\n`);
