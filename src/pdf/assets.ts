// Browser only: where the filler's two inputs come from. Vite turns the `?url` import into the
// hashed URL of the font file it emits, so this module must not be imported by Node code (tests
// and scripts read the same files from disk instead, see scripts/pdf-assets.ts).
import fontUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf?url';

export interface PdfAssets {
  templateBytes: Uint8Array;
  fontBytes: Uint8Array;
}

/** The blank template, served from public/ (docs/product/pdf.md: a static file, filled in the browser). */
export const TEMPLATE_URL = `${import.meta.env.BASE_URL}intake-template.pdf`;

type FetchLike = (url: string) => Promise<Pick<Response, 'ok' | 'status' | 'arrayBuffer'>>;

async function fetchBytes(fetchLike: FetchLike, url: string): Promise<Uint8Array> {
  const response = await fetchLike(url);
  if (!response.ok) throw new Error(`Could not load ${url} (HTTP ${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

export async function loadPdfAssets(fetchLike: FetchLike = (url) => fetch(url)): Promise<PdfAssets> {
  const [templateBytes, fontBytes] = await Promise.all([fetchBytes(fetchLike, TEMPLATE_URL), fetchBytes(fetchLike, fontUrl)]);
  return { templateBytes, fontBytes };
}
