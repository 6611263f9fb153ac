import { createHash } from 'node:crypto';
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';

/** One servable file: its bytes, loaded only when the body is needed, and a validator for conditional requests. */
export interface SiteFile {
  etag: string;
  size: number;
  read(): Promise<Uint8Array>;
}

/**
 * What the static handler serves from. `rel` is a slash-joined path relative to the site root that has already
 * passed parseRequestPath, so it holds no dot segments, separators inside segments or control characters.
 */
export interface SiteSource {
  file(rel: string): Promise<SiteFile | undefined>;
}

function strongEtag(bytes: Uint8Array): string {
  return `"${createHash('sha1').update(bytes).digest('base64url')}"`;
}

function toBytes(content: string | Uint8Array): Uint8Array {
  return typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
}

/**
 * Serves a build result straight from memory: `files` are the rendered outputs, `copies` map output paths to the
 * absolute source files the build chose to copy (content/public, images). Lookups go through the maps only, so no
 * request path is ever joined onto a folder.
 */
export function memorySource(files: ReadonlyMap<string, string | Uint8Array>, copies: ReadonlyMap<string, string>): SiteSource {
  const cache = new Map<string, SiteFile>();
  return {
    async file(rel) {
      const hit = cache.get(rel);
      if (hit) return hit;
      const content = files.get(rel);
      let entry: SiteFile | undefined;
      if (content !== undefined) {
        const bytes = toBytes(content);
        entry = { etag: strongEtag(bytes), size: bytes.byteLength, read: async () => bytes };
      } else {
        const abs = copies.get(rel);
        if (abs === undefined) return undefined;
        // Copies are read once: they are small public files, and the build already vouched for the source path.
        const bytes = await readFile(abs).catch(() => undefined);
        if (!bytes) return undefined;
        entry = { etag: strongEtag(bytes), size: bytes.byteLength, read: async () => bytes };
      }
      cache.set(rel, entry);
      return entry;
    },
  };
}

/**
 * Serves an existing folder. Symlinks are followed only when their target stays inside the folder: the real path
 * of every hit is compared with the real path of the root.
 */
export async function diskSource(root: string): Promise<SiteSource> {
  const realRoot = await realpath(root);
  const prefix = realRoot.endsWith(path.sep) ? realRoot : realRoot + path.sep;
  return {
    async file(rel) {
      const joined = path.join(realRoot, ...rel.split('/'));
      if (!joined.startsWith(prefix)) return undefined;
      let real: string;
      try {
        real = await realpath(joined);
      } catch {
        return undefined;
      }
      if (!real.startsWith(prefix)) return undefined;
      const info = await stat(real).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      return {
        etag: `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
        size: info.size,
        read: () => readFile(real),
      };
    },
  };
}

/** A source some of whose files are still being made: a miss waits for the source that will have them, and looks there. */
export function awaitingSource(source: SiteSource, later: Promise<SiteSource>): SiteSource {
  return {
    async file(rel) {
      return (await source.file(rel)) ?? (await (await later).file(rel));
    },
  };
}

/** A source to come, given once (later calls are ignored): what requests waiting in an `awaitingSource` read. */
export interface LaterSource {
  readonly promise: Promise<SiteSource>;
  readonly settled: boolean;
  resolve(source: SiteSource): void;
}

export function laterSource(): LaterSource {
  let give!: (source: SiteSource) => void;
  const promise = new Promise<SiteSource>((resolve) => (give = resolve));
  const later = {
    promise,
    settled: false,
    resolve(source: SiteSource) {
      if (later.settled) return;
      later.settled = true;
      give(source);
    },
  };
  return later;
}
