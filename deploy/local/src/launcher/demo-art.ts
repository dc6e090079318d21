import { Resvg } from "@resvg/resvg-js";

/**
 * Pictures for the demo items, drawn as SVG and rendered to PNG with resvg (no binaries fetched at run
 * time: the renderer ships in its npm package). Deterministic per item name, so every start draws the
 * same: an icon (512 px, square) and three "screenshots" (1280 x 800): a dashboard, a map, a device list.
 */
export interface DemoPicture {
  png: Buffer;
  width: number;
  height: number;
}

const PALETTES = [
  ["#1d4ed8", "#60a5fa", "#dbeafe"],
  ["#047857", "#34d399", "#d1fae5"],
  ["#7c3aed", "#a78bfa", "#ede9fe"],
  ["#b45309", "#fbbf24", "#fef3c7"],
  ["#be123c", "#fb7185", "#ffe4e6"],
] as const;

/** A small seeded generator (mulberry32) so pictures do not change between starts. */
function random(seed: string): () => number {
  let state = [...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function paletteOf(name: string) {
  const index = Math.floor(random(name)() * PALETTES.length);
  return PALETTES[index] ?? PALETTES[0];
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c] ?? c);
}

function render(svg: string, width: number, height: number): DemoPicture {
  const png = new Resvg(svg, { fitTo: { mode: "original" }, font: { defaultFontFamily: "DejaVu Sans" } })
    .render()
    .asPng();
  return { png: Buffer.from(png), width, height };
}

/** A rounded-square icon: gradient, a glyph of concentric signal arcs, the item's initials. */
export function demoIcon(name: string): DemoPicture {
  const [dark, light] = paletteOf(name);
  const initials = name
    .split(/[\s-]+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
  <rect width="512" height="512" rx="112" fill="url(#g)"/>
  <g fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="22" stroke-linecap="round">
    <path d="M 356 120 A 150 150 0 0 1 356 330"/><path d="M 396 80 A 205 205 0 0 1 396 370"/>
  </g>
  <circle cx="330" cy="225" r="26" fill="#ffffff" fill-opacity="0.6"/>
  <text x="70" y="410" font-size="170" font-weight="bold" fill="#ffffff" font-family="DejaVu Sans">${escapeXml(initials)}</text>
</svg>`;
  return render(svg, 512, 512);
}

function frame(name: string, title: string, body: string): string {
  const [dark, , soft] = paletteOf(name);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800" viewBox="0 0 1280 800">
  <rect width="1280" height="800" fill="#f8fafc"/>
  <rect width="1280" height="72" fill="${dark}"/>
  <text x="40" y="47" font-size="28" font-weight="bold" fill="#ffffff" font-family="DejaVu Sans">${escapeXml(name)}</text>
  <text x="1240" y="47" font-size="22" fill="#ffffff" text-anchor="end" font-family="DejaVu Sans">${escapeXml(title)}</text>
  <rect x="0" y="72" width="220" height="728" fill="${soft}"/>
  ${["Overview", "Devices", "Alerts", "Reports", "Settings"]
    .map(
      (item, i) =>
        `<text x="32" y="${130 + i * 52}" font-size="20" fill="#334155" font-family="DejaVu Sans">${item}</text>`,
    )
    .join("")}
  ${body}
</svg>`;
}

function dashboard(name: string): DemoPicture {
  const [dark, light] = paletteOf(name);
  const next = random(`${name}/dashboard`);
  const tiles = ["Devices online", "Alerts today", "Uptime"].map((label, i) => {
    const value = [
      `${120 + Math.floor(next() * 800)}`,
      `${Math.floor(next() * 12)}`,
      `${(97 + next() * 3).toFixed(1)} %`,
    ][i];
    return `<rect x="${260 + i * 330}" y="104" width="300" height="130" rx="14" fill="#ffffff" stroke="#e2e8f0"/>
      <text x="${284 + i * 330}" y="148" font-size="20" fill="#64748b" font-family="DejaVu Sans">${label}</text>
      <text x="${284 + i * 330}" y="204" font-size="44" font-weight="bold" fill="#0f172a" font-family="DejaVu Sans">${value}</text>`;
  });
  let y = 560;
  const points = Array.from({ length: 40 }, (_, i) => {
    y = Math.max(300, Math.min(720, y + (next() - 0.5) * 60));
    return `${260 + i * 24.6},${y.toFixed(0)}`;
  });
  const body = `${tiles.join("")}
    <rect x="260" y="270" width="980" height="490" rx="14" fill="#ffffff" stroke="#e2e8f0"/>
    ${[0, 1, 2, 3].map((i) => `<line x1="280" x2="1220" y1="${330 + i * 110}" y2="${330 + i * 110}" stroke="#e2e8f0"/>`).join("")}
    <polyline points="${points.join(" ")}" fill="none" stroke="${dark}" stroke-width="5" stroke-linejoin="round"/>
    <polyline points="260,740 ${points.join(" ")} 1219,740" fill="${light}" fill-opacity="0.25" stroke="none"/>`;
  return render(frame(name, "Overview", body), 1280, 800);
}

function map(name: string): DemoPicture {
  const [dark, light] = paletteOf(name);
  const next = random(`${name}/map`);
  const streets = Array.from({ length: 14 }, (_, i) =>
    i % 2 === 0
      ? `<line x1="220" x2="1280" y1="${100 + i * 50 + next() * 20}" y2="${90 + i * 50 + next() * 40}" stroke="#e2e8f0" stroke-width="${6 + next() * 8}"/>`
      : `<line y1="72" y2="800" x1="${260 + i * 70 + next() * 30}" x2="${240 + i * 70 + next() * 60}" stroke="#e2e8f0" stroke-width="${6 + next() * 8}"/>`,
  );
  const pins = Array.from({ length: 18 }, () => {
    const x = 300 + next() * 920;
    const py = 120 + next() * 640;
    return `<circle cx="${x.toFixed(0)}" cy="${py.toFixed(0)}" r="11" fill="${dark}" stroke="#ffffff" stroke-width="4"/>`;
  });
  const body = `<rect x="220" y="72" width="1060" height="728" fill="#f1f5f9"/>${streets.join("")}
    <circle cx="760" cy="430" r="210" fill="${light}" fill-opacity="0.2" stroke="${dark}" stroke-width="4" stroke-dasharray="16 10"/>
    ${pins.join("")}
    <rect x="960" y="96" width="290" height="96" rx="12" fill="#ffffff" stroke="#e2e8f0"/>
    <text x="984" y="136" font-size="20" fill="#64748b" font-family="DejaVu Sans">Geofence</text>
    <text x="984" y="172" font-size="26" font-weight="bold" fill="#0f172a" font-family="DejaVu Sans">Depot north</text>`;
  return render(frame(name, "Map", body), 1280, 800);
}

function deviceList(name: string): DemoPicture {
  const [dark] = paletteOf(name);
  const next = random(`${name}/devices`);
  const states = [
    ["online", "#059669"],
    ["sleeping", "#64748b"],
    ["alert", "#dc2626"],
  ] as const;
  const rows = Array.from({ length: 9 }, (_, i) => {
    const id = Array.from({ length: 16 }, () => "0123456789abcdef"[Math.floor(next() * 16)]).join("");
    const [state, colour] = states[Math.floor(next() * (i < 7 ? 2 : 3))] ?? states[0];
    const y = 170 + i * 64;
    return `<rect x="260" y="${y - 38}" width="980" height="56" fill="${i % 2 ? "#ffffff" : "#f8fafc"}"/>
      <text x="284" y="${y}" font-size="22" fill="#0f172a" font-family="DejaVu Sans Mono">${id}</text>
      <text x="640" y="${y}" font-size="22" fill="#334155" font-family="DejaVu Sans">${(next() * 100).toFixed(0)} % battery</text>
      <rect x="900" y="${y - 26}" width="130" height="34" rx="17" fill="${colour}" fill-opacity="0.15"/>
      <text x="965" y="${y - 2}" font-size="18" fill="${colour}" text-anchor="middle" font-family="DejaVu Sans">${state}</text>
      <text x="1220" y="${y}" font-size="20" fill="#64748b" text-anchor="end" font-family="DejaVu Sans">${Math.floor(next() * 59) + 1} min ago</text>`;
  });
  const body = `<text x="260" y="116" font-size="26" font-weight="bold" fill="${dark}" font-family="DejaVu Sans">Fleet</text>${rows.join("")}`;
  return render(frame(name, "Devices", body), 1280, 800);
}

/** Three gallery pictures: dashboard, map, device list. */
export function demoGallery(name: string): DemoPicture[] {
  return [dashboard(name), map(name), deviceList(name)];
}
