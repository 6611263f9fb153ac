// Declarations of the public API (src/index.ts) for the npm package, written to dist/types/ before `npm pack`.
// The config types are written out in full, with each key's description, default and example from the schema as
// JSDoc: a site's editor shows them on hover, and its TypeScript never reads zod's or Node's declarations.
// TypeScript is a devDependency: this runs in a checkout only.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { importSource } from './import-source.mjs';

export async function buildTypes(root, typesDir) {
  const { default: ts } = await import('typescript');
  rmSync(typesDir, { recursive: true, force: true });
  const schemaFile = path.join(root, 'src', 'config', 'schema.ts');
  const program = ts.createProgram([path.join(root, 'src', 'index.ts')], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    skipLibCheck: true,
    allowImportingTsExtensions: true,
    declaration: true,
    emitDeclarationOnly: true,
    rootDir: path.join(root, 'src'),
    outDir: typesDir,
    types: [],
    lib: ['lib.es2023.d.ts'],
  });
  const configTypes = configDeclarations(ts, program, schemaFile, await schemaDocs(root));
  const emitted = [];
  const emit = program.emit(undefined, (file, text) => {
    emitted.push(file);
    const own = path.relative(typesDir, file) === path.join('config', 'schema.d.ts') ? configTypes : text;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, own.replace(/(from\s+['"]\.{1,2}\/[^'"]+)\.tsx?(['"])/g, '$1.js$2'));
  });
  const problems = [...ts.getPreEmitDiagnostics(program), ...emit.diagnostics];
  if (problems.length > 0 || emit.emitSkipped) {
    const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' };
    throw new Error('Declarations failed:\n' + ts.formatDiagnostics(problems, host));
  }
  // A site's type check must not need anything the package does not ship (Node's types, zod's).
  for (const file of emitted) {
    const foreign = [...readFileSync(file, 'utf8').matchAll(/from\s+['"]([^'".][^'"]*)['"]/g)].map((m) => m[1]);
    if (foreign.length > 0) throw new Error(`${path.relative(root, file)} imports ${foreign.join(', ')}: keep the public API's types free of them.`);
  }
}

/** Every documented key of the schema (src/config/schema-walk.ts), loaded by bundling the TypeScript on the fly. */
async function schemaDocs(root) {
  const mod = await importSource(
    root,
    "export { walkKeys, jsLiteral } from './src/config/schema-walk.ts'; export { configSchema } from './src/config/schema.ts';",
  );
  return { keys: mod.walkKeys(mod.configSchema), jsLiteral: mod.jsLiteral };
}

/** config/schema.d.ts: SiteConfigInput written out (no zod), SidebarItemConfig as declared, SidebarsConfig. */
function configDeclarations(ts, program, schemaFile, docs) {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(schemaFile);
  const alias = (name) => source.statements.find((s) => ts.isTypeAliasDeclaration(s) && s.name.text === name);
  const flags =
    ts.NodeBuilderFlags.NoTruncation | ts.NodeBuilderFlags.InTypeAlias | ts.NodeBuilderFlags.UseSingleQuotesForStringLiteralType | ts.NodeBuilderFlags.MultilineObjectLiterals;
  const expanded = (name) => checker.typeToTypeNode(checker.getTypeAtLocation(alias(name).name), source, flags);
  const config = expanded('SiteConfigInput');
  annotate(ts, config, '', docs);
  const printer = ts.createPrinter({ newLine: ts.NewLineKind.LineFeed });
  const print = (node) => printer.printNode(ts.EmitHint.Unspecified, node, source);
  const declare = (name, type, doc) =>
    `${doc ? `/** ${doc} */\n` : ''}export type ${name} = ${print(type)};\n`;
  return [
    '// The type of site.config.ts. Every key is described in CONFIGURATION.md.\n',
    declare('SiteConfigInput', config, 'What `defineConfig` accepts: the whole site configuration.'),
    `${print(alias('SidebarItemConfig'))}\n`,
    `${print(alias('SidebarItemInput'))}\n`,
    declare('SidebarsConfig', expanded('SidebarsConfig'), 'The sidebars module: sidebar name → its items.'),
  ].join('\n');
}

/** JSDoc on each property of the config type: what it does, its default, an example. */
function annotate(ts, node, prefix, docs) {
  if (ts.isParenthesizedTypeNode(node)) return annotate(ts, node.type, prefix, docs);
  if (ts.isArrayTypeNode(node)) return annotate(ts, node.elementType, `${prefix}[]`, docs);
  if (ts.isUnionTypeNode(node)) return node.types.forEach((t) => annotate(ts, t, prefix, docs));
  if (ts.isTypeReferenceNode(node) && node.typeArguments?.length === 2) return annotate(ts, node.typeArguments[1], `${prefix}.<key>`, docs);
  if (!ts.isTypeLiteralNode(node)) return;
  const variant = variantOf(ts, node, prefix, docs);
  for (const member of node.members) {
    if (!ts.isPropertySignature(member) || !member.type) continue;
    const name = member.name.text;
    const keyPath = prefix ? `${prefix}.${name}` : name;
    const candidates = docs.keys.filter((k) => k.path === keyPath);
    const doc = candidates.find((k) => k.variant === variant) ?? candidates[0];
    if (doc) ts.addSyntheticLeadingComment(member, ts.SyntaxKind.MultiLineCommentTrivia, jsDoc(doc, name, docs.jsLiteral), true);
    annotate(ts, member.type, keyPath, docs);
  }
}

// One shape of a union (a navbar item kind) is told by the literal of its `type` or `provider` key.
function variantOf(ts, node, prefix, docs) {
  for (const member of node.members) {
    const name = member.name?.text;
    if ((name !== 'type' && name !== 'provider') || !member.type) continue;
    const literal = literalText(ts, member.type);
    const key = docs.keys.find((k) => k.path === `${prefix ? `${prefix}.` : ''}${name}` && k.type === `'${literal}'`);
    if (key) return key.variant;
  }
  return undefined;
}

function literalText(ts, type) {
  const inner = ts.isUnionTypeNode(type) ? type.types.find((t) => ts.isLiteralTypeNode(t)) : type;
  return inner && ts.isLiteralTypeNode(inner) && ts.isStringLiteral(inner.literal) ? inner.literal.text : undefined;
}

function jsDoc(doc, name, jsLiteral) {
  const lines = [doc.description ?? ''];
  if (doc.hasDefault) lines.push(`@default ${oneLine(jsLiteral(doc.default))}`);
  if (doc.example !== undefined) lines.push(`@example ${name}: ${oneLine(jsLiteral(doc.example))}`);
  // `*/` cannot appear inside the comment.
  return `*\n${lines.map((l) => ` * ${l.replace(/\*\//g, '*\\/')}`).join('\n')}\n `;
}

function oneLine(text) {
  return text.replace(/,?\n\s*/g, (m) => (m.startsWith(',') ? ', ' : ' ')).replace(/, ([\]}])/g, ' $1');
}
