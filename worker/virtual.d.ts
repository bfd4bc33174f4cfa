declare module 'virtual:client-manifest' {
  /** Vite's client build manifest; null under the dev server (no build yet). */
  const manifest: Record<string, { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; assets?: string[] }> | null;
  export default manifest;
}
