export interface SizedFile {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}
export interface SizedPart {
  files: SizedFile[];
  raw: number;
  gzip: number;
  brotli: number;
}
export const FIRST_LOAD_BUDGET: { jsBytes: number; cssBytes: number };
export function landingFirstLoad(distDir: string): { js: SizedPart; css: SizedPart };
export function kilobytes(bytes: number): string;
