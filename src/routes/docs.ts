import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SidebarItemConfig, SiteConfig } from '../config/index.ts';
import type { DocFile } from '../content/index.ts';
import { problem, type Diagnostics } from '../errors/index.ts';
import { normalizeRoutePath } from '../shared/index.ts';
import { flattenSidebar, normalizeSidebar } from './sidebars.ts';
import { checkUrlKeys, missingTitle } from './source-checks.ts';
import { pageRoutePath } from './url-path.ts';
import type { DocEntry, ParsedSummary, RouteEntry, SidebarTreeItem, VersionInfo } from './types.ts';

export interface DocsRoutes {
  docs: DocEntry[];
  docsById: Map<string, Map<string, DocEntry>>;
  versions: VersionInfo[];
  sidebars: Map<string, Map<string, SidebarTreeItem[]>>;
  routes: RouteEntry[];
}

function versionBasePath(config: SiteConfig, index: number): string {
  const base = config.docsPath;
  if (index === 0) return base;
  const v = config.docs.versions[index];
  return normalizeRoutePath(base + (v.path ?? v.name));
}

export function buildDocsRoutes(
  config: SiteConfig,
  files: { file: DocFile; parsed: ParsedSummary }[],
  versionedSidebars: Map<string, unknown>,
  diagnostics: Diagnostics,
): DocsRoutes {
  const versions: VersionInfo[] = config.docs.versions.map((v, index) => {
    const basePath = versionBasePath(config, index);
    return { name: v.name, label: v.label ?? v.name, basePath, mainDocUrl: basePath, current: index === 0 };
  });
  const docs: DocEntry[] = [];
  const docsById = new Map<string, Map<string, DocEntry>>(versions.map((v) => [v.name, new Map()]));
  const versionByName = new Map(versions.map((v) => [v.name, v]));

  for (const { file, parsed } of files) {
    const version = versionByName.get(file.version)!;
    const fm = file.frontmatter;
    if (!checkUrlKeys(file, { id: fm.id, slug: fm.slug }, diagnostics)) continue;
    const dir = file.relId.includes('/') ? file.relId.slice(0, file.relId.lastIndexOf('/') + 1) : '';
    const id = fm.id ? dir + fm.id : file.relId;
    const slug = fm.slug
      ? fm.slug.startsWith('/')
        ? fm.slug
        : dir + fm.slug
      : id;
    const url = pageRoutePath(version.basePath + slug.replace(/^\//, ''));
    const title = fm.title ?? parsed.h1;
    if (title === undefined) {
      diagnostics.add(missingTitle(file));
      continue;
    }
    const doc: DocEntry = {
      file,
      parsed,
      id,
      version: version.name,
      title,
      sidebarLabel: fm.sidebar_label ?? title,
      description: fm.description,
      url,
      breadcrumbs: [],
      tags: fm.tags ?? [],
    };
    docs.push(doc);
    docsById.get(version.name)!.set(id, doc);
  }

  const sidebars = new Map<string, Map<string, SidebarTreeItem[]>>();
  const routes: RouteEntry[] = [];
  const sidebarsSource = (() => {
    try {
      return readFileSync(path.join(config.root, config.sidebarsFile), 'utf8');
    } catch {
      return '';
    }
  })();

  for (const [index, version] of versions.entries()) {
    const byId = docsById.get(version.name)!;
    const configured =
      index === 0 ? config.sidebars : ((versionedSidebars.get(version.name) ?? {}) as Record<string, SidebarItemConfig[]>);
    const file =
      index === 0 ? config.sidebarsFile : `content/versioned_sidebars/${version.name}-sidebars.json`;
    const versionSidebars = new Map<string, SidebarTreeItem[]>();
    for (const [sidebarId, items] of Object.entries(configured)) {
      const tree = normalizeSidebar(items, {
        docs: byId,
        file,
        source: index === 0 ? sidebarsSource : '',
        diagnostics,
        generatedIndexUrl: (slug) => normalizeRoutePath(version.basePath + slug),
      });
      versionSidebars.set(sidebarId, tree);
      const flat = flattenSidebar(tree);
      for (const [i, entry] of flat.entries()) {
        const doc = entry.docId ? byId.get(entry.docId) : undefined;
        if (doc && !doc.sidebarId) {
          doc.sidebarId = sidebarId;
          doc.breadcrumbs = entry.trail;
          const prev = flat[i - 1];
          const next = flat[i + 1];
          if (prev) doc.prev = { label: prev.label, url: prev.url };
          if (next) doc.next = { label: next.label, url: next.url };
        }
      }
      const addGeneratedIndexes = (items: SidebarTreeItem[]) => {
        for (const item of items) {
          if (item.type !== 'category') continue;
          if (item.generatedIndex && item.url) {
            routes.push({
              kind: 'generated-index',
              url: item.url,
              title: item.generatedIndex.title,
              description: item.generatedIndex.description,
              items: item.items,
              sidebarId,
              version: version.name,
              source: file,
            });
          }
          addGeneratedIndexes(item.items);
        }
      };
      addGeneratedIndexes(tree);
    }
    sidebars.set(version.name, versionSidebars);

    const mainDocId = config.docs.versions[index].mainDoc;
    const mainDoc = byId.get(mainDocId);
    if (mainDoc) {
      version.mainDocUrl = mainDoc.url;
      if (mainDoc.url !== version.basePath) {
        routes.push({ kind: 'doc', url: version.basePath, doc: mainDoc, canonicalUrl: mainDoc.url, source: mainDoc.file.file });
      }
    } else if (byId.size > 0) {
      diagnostics.add(problem('PD4004', { version: version.name, mainDoc: mainDocId, index }, { file: 'site.config.ts' }));
    }
  }

  for (const doc of docs) routes.push({ kind: 'doc', url: doc.url, doc, source: doc.file.file });
  return { docs, docsById, versions, sidebars, routes };
}
