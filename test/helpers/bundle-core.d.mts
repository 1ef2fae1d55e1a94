// Types for bundle-core.mjs, so that TypeScript tests can import it.
export function bundleCore(root: string, tag: string, contents?: string): Promise<string>;
