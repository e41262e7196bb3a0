// Declarations of node-version.js (plain JavaScript, so that any Node can run it).
export function minimumNode(): [number, number];
export function oldNodeLine(version: string, minimum?: [number, number]): string | undefined;
