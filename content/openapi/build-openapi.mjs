// Builds the OpenAPI 3.1 description of the hosted IAIndex API, published at /openapi.json.
//
// The protocol objects (receipt, batch, attestation, index parts) are not restated here: the document refers to the
// JSON Schemas in content/schemas by their published URLs. The request and response examples are not restated either:
// they are read from the API pages, from every ```json block marked schema=openapi:<operationId>/<part>, so the
// document and the pages always show the same examples (and the site build checks each page example against this
// document). Run `node content/openapi/build-openapi.mjs` after changing an API page or this file; it writes
// content/schemas/openapi.json (which the build validates examples against) and content/public/openapi.json (the
// published copy). `--check` only reports whether both files are current (exit 1 when not).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CONTENT = fileURLToPath(new URL('..', import.meta.url));
const DOCS_URL = 'https://docs.iaindex.org/docs';
const SCHEMAS = 'https://docs.iaindex.org/schemas';
const RECEIPT = `${SCHEMAS}/receipt.json`;
const INDEX = `${SCHEMAS}/index.json`;
export const OUTPUTS = ['schemas/openapi.json', 'public/openapi.json'];

// ---- shared schema pieces ------------------------------------------------------------------------------------------

const ref = (to) => ({ $ref: to });
const uuid = ref(`${RECEIPT}#/definitions/uuid`);
const time = ref(`${RECEIPT}#/definitions/timestamp`);
const keyId = ref(`${RECEIPT}#/definitions/keyId`);
const pem = ref(`${RECEIPT}#/definitions/pem`);
const domain = ref(`${RECEIPT}#/definitions/domain`);
const httpUrl = ref(`${RECEIPT}#/definitions/httpUrl`);
const text = { type: 'string', minLength: 1 };
const count = { type: 'integer', minimum: 0 };
const purpose = { type: 'string', enum: ['training', 'inference', 'research'] };
const email = { type: 'string', format: 'email', pattern: '^[^@\\s]+@[^@\\s]+$' };
const component = (name) => ref(`#/components/schemas/${name}`);

function object(properties, required = Object.keys(properties), extra = {}) {
  return { type: 'object', required, properties, additionalProperties: false, ...extra };
}

const ERROR_CODES = [
  'invalid_format', 'stale_timestamp', 'invalid_api_key', 'invalid_token', 'invalid_signature', 'insufficient_scope',
  'not_found', 'unknown_entry', 'duplicate_receipt', 'already_exists', 'verification_failed', 'rate_limited',
  'internal_error',
];

const usageCounts = object({ training: count, inference: count, research: count });
const clientSummary = object({ id: uuid, name: text, organization: text });
const keyRecord = ref(`${INDEX}#/definitions/key`);

const schemas = {
  Error: object({
    error: object({ code: { type: 'string', enum: ERROR_CODES }, message: text }),
  }),
  Pagination: object({ total: count, page: { type: 'integer', minimum: 1 }, perPage: { type: 'integer', minimum: 1, maximum: 100 } }),
  Receipt: ref(RECEIPT),
  Batch: ref(`${SCHEMAS}/batch.json`),
  Attestation: ref(`${SCHEMAS}/attestation.json`),
  KeyRecord: keyRecord,
  ReceiptAccepted: object({ received: { const: true }, receiptId: uuid, processedAt: time }),
  ReceiptResult: object(
    { receiptId: uuid, status: { type: 'string', enum: ['accepted', 'rejected'] }, error: ref('#/components/schemas/Error/properties/error') },
    ['receiptId', 'status'],
  ),
  BatchAccepted: object({ received: { const: true }, batchId: uuid, processedAt: time, results: { type: 'array', items: component('ReceiptResult') } }),
  Session: object({ token: text, tokenType: { const: 'Bearer' }, expiresAt: time }),
  Login: object({ email, password: { type: 'string', minLength: 12 } }),
  NewAccount: object(
    { email, password: { type: 'string', minLength: 12 }, name: text, organization: text },
    ['email', 'password', 'name'],
  ),
  Account: object({ accountId: uuid, email, name: text, organization: text, status: { type: 'string', enum: ['pending_confirmation', 'active'] }, createdAt: time }, ['accountId', 'email', 'name', 'status', 'createdAt']),
  UserInformation: object({ accountId: uuid, email, name: text, organization: text, marketingEmails: { type: 'boolean' }, createdAt: time }, ['accountId', 'email', 'name', 'marketingEmails', 'createdAt']),
  UserInformationUpdate: object({ email, name: text, organization: text, marketingEmails: { type: 'boolean' } }, [], { minProperties: 1 }),
  NewApiKey: object({ name: text, scope: { type: 'array', items: { enum: ['read', 'write'] }, minItems: 1, uniqueItems: true }, expiresIn: { type: 'string', pattern: '^[1-9][0-9]*[dwy]$' } }, ['name', 'scope']),
  ApiKeyCreated: object({ apiKey: { type: 'string', pattern: '^ia_(live|test)_[A-Za-z0-9]{32}$' }, keyId: { type: 'string', pattern: '^key_[A-Za-z0-9]{16}$' }, name: text, scope: { type: 'array', items: { enum: ['read', 'write'] } }, createdAt: time, expiresAt: time }),
  ApiKeyList: object({
    keys: {
      type: 'array',
      items: object({ keyId: { type: 'string', pattern: '^key_[A-Za-z0-9]{16}$' }, name: text, prefix: { type: 'string', pattern: '^ia_(live|test)_[A-Za-z0-9]{4}$' }, scope: { type: 'array', items: { enum: ['read', 'write'] } }, createdAt: time, expiresAt: time, lastUsedAt: { anyOf: [time, { type: 'null' }] } }),
    },
    pagination: component('Pagination'),
  }),
  NewClient: object({ name: text, organization: text, contact: email, keyId, publicKey: pem, validFrom: time, validUntil: time }, ['name', 'organization', 'contact', 'keyId', 'publicKey']),
  Client: object({ id: uuid, name: text, organization: text, contact: email, createdAt: time }),
  ClientRegistered: object({ client: component('Client'), keys: { type: 'array', items: keyRecord, minItems: 1 } }),
  ClientList: object({ clients: { type: 'array', items: component('Client') }, pagination: component('Pagination') }),
  ClientKeys: object({ client: clientSummary, keys: { type: 'array', items: keyRecord } }),
  NewClientKey: object({ id: keyId, publicKey: pem, validFrom: time, validUntil: time }, ['id', 'publicKey']),
  ClientKeyUpdate: object({ status: { const: 'retired' }, validUntil: time }, [], { minProperties: 1 }),
  VerificationRequest: object({ domain, method: { type: 'string', enum: ['dns', 'file', 'meta'] }, includeSubdomains: { type: 'boolean' } }, ['domain', 'method']),
  VerificationChallenge: object(
    {
      domain,
      method: { type: 'string', enum: ['dns', 'file', 'meta'] },
      includeSubdomains: { type: 'boolean' },
      token: { type: 'string', pattern: '^iaindex-verification=[a-z0-9]{32}$' },
      record: object({ name: { const: '_iaindex-verification' }, type: { const: 'TXT' }, value: { type: 'string', pattern: '^iaindex-verification=[a-z0-9]{32}$' } }),
      file: object({ url: httpUrl, content: text }),
      meta: object({ tag: text }),
    },
    ['domain', 'method', 'includeSubdomains', 'token'],
  ),
  VerificationConfirm: object({ domain }),
  Verification: object({ verificationId: { type: 'string', pattern: '^ver_[a-z0-9]{12}$' }, domain, method: { type: 'string', enum: ['dns', 'file', 'meta'] }, includeSubdomains: { type: 'boolean' }, verified: { const: true }, verifiedAt: time, expiresAt: time }),
  VerificationStatus: object({ domain, verified: { type: 'boolean' }, method: { type: 'string', enum: ['dns', 'file', 'meta'] }, includeSubdomains: { type: 'boolean' }, verifiedAt: time, expiresAt: time }, ['domain', 'verified']),
  PublisherDomain: object({ domain, verificationId: { type: 'string', pattern: '^ver_[a-z0-9]{12}$' }, verifiedAt: time, expiresAt: time }),
  PublisherData: object({ accountId: uuid, email, name: text, organization: text, domains: { type: 'array', items: component('PublisherDomain') }, entryCount: count, receiptCount: count, apiKeyCount: count }, ['accountId', 'email', 'name', 'domains', 'entryCount', 'receiptCount', 'apiKeyCount']),
  PublisherEntry: object({ entryId: uuid, domain, url: httpUrl, title: text, author: text, publishedDate: time, license: ref(`${INDEX}#/definitions/license`), firstSeenAt: time, lastSeenAt: time }),
  PublisherEntryList: object({ entries: { type: 'array', items: component('PublisherEntry') }, pagination: component('Pagination') }),
  PublisherEntryUpdate: object({ title: text, author: text }, [], { minProperties: 1 }),
  PublisherExport: object({ exportedAt: time, account: component('UserInformation'), domains: { type: 'array', items: component('PublisherDomain') }, entries: { type: 'array', items: component('PublisherEntry') }, receipts: { type: 'array', items: component('Receipt') } }),
  ReceiptList: object({
    receipts: {
      type: 'array',
      items: object({ receiptId: uuid, timestamp: time, processedAt: time, content: object({ entryId: uuid }), client: object({ id: uuid, name: text }), usage: object({ purpose }), hashMatch: { type: 'boolean' } }),
    },
    pagination: component('Pagination'),
  }),
  TestDeliveryRequest: object({ url: httpUrl }),
  TestDelivery: object({ delivered: { type: 'boolean' }, endpoint: httpUrl, status: { type: 'integer', minimum: 100, maximum: 599 }, response: { type: 'object' }, receipt: component('Receipt') }),
  Dashboard: object({
    from: time, to: time, totalReceipts: count, uniqueClients: count,
    topContent: { type: 'array', maxItems: 10, items: object({ entryId: uuid, url: httpUrl, title: text, receiptCount: count }) },
    usageByPurpose: usageCounts,
  }),
  ContentUsage: object({
    entryId: uuid, url: httpUrl, title: text, from: time, to: time, totalReceipts: count, usageByPurpose: usageCounts,
    clients: { type: 'array', items: object({ client: clientSummary, receiptCount: count, firstAccess: time, lastAccess: time }) },
    pagination: component('Pagination'),
  }),
  ClientActivity: object({
    client: clientSummary, from: time, to: time, totalReceipts: count, usageByPurpose: usageCounts,
    activity: { type: 'array', items: object({ date: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' }, purpose, receiptCount: count }) },
    pagination: component('Pagination'),
  }),
  TimeSeries: object({
    metric: { type: 'string', enum: ['receipts', 'clients'] }, interval: { type: 'string', enum: ['hour', 'day', 'week', 'month'] }, from: time, to: time,
    points: { type: 'array', maxItems: 1000, items: object({ start: time, value: count }) },
  }),
  NewAttestation: object({ entryId: uuid, attestationType: { const: 'content-verification' }, metadata: { type: 'object' } }, ['entryId', 'attestationType']),
  AttestationList: object({ attestations: { type: 'array', items: component('Attestation') }, pagination: component('Pagination') }),
  AttestationCheck: object({ attestation: text, signature: ref(`${RECEIPT}#/definitions/base64url`) }),
  AttestationCheckResult: object({ valid: { type: 'boolean' }, attestationId: uuid, attestationType: { const: 'content-verification' }, keyId, timestamp: time }),
  ServiceKeys: object({ keys: { type: 'array', items: keyRecord } }),
};

// ---- parameters, headers, responses --------------------------------------------------------------------------------

const parameters = {
  page: { name: 'page', in: 'query', description: 'Page number, starting at 1. A page beyond the last returns an empty list.', schema: { type: 'integer', minimum: 1, default: 1 } },
  perPage: { name: 'perPage', in: 'query', description: 'Items per page.', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
  from: { name: 'from', in: 'query', description: 'Start of the time range, inclusive (RFC 3339). Analytics default: 30 days before `to`.', schema: time },
  to: { name: 'to', in: 'query', description: 'End of the time range, exclusive (RFC 3339). Analytics default: now.', schema: time },
  entryIdQuery: { name: 'entryId', in: 'query', description: 'Only this entry. `contentId` is accepted as a deprecated alias on `GET /api/v1/receipts`.', schema: uuid },
  purpose: { name: 'purpose', in: 'query', description: 'Only this usage purpose.', schema: purpose },
  entryId: { name: 'entryId', in: 'path', required: true, description: 'An entry `id` from an index file.', schema: uuid },
  clientId: { name: 'clientId', in: 'path', required: true, description: 'A `client.id`, issued at registration.', schema: uuid },
  keyIdPath: { name: 'keyId', in: 'path', required: true, description: 'A key id of the client, as registered.', schema: keyId },
  apiKeyId: { name: 'keyId', in: 'path', required: true, description: 'The `key_` id of an API key.', schema: { type: 'string', pattern: '^key_[A-Za-z0-9]{16}$' } },
  domain: { name: 'domain', in: 'path', required: true, description: 'A domain verified by your account.', schema: domain },
  domainQuery: { name: 'domain', in: 'query', required: true, description: 'The domain to look up.', schema: domain },
  metric: { name: 'metric', in: 'query', required: true, description: '`receipts` (number of receipts) or `clients` (number of distinct clients).', schema: { type: 'string', enum: ['receipts', 'clients'] } },
  interval: { name: 'interval', in: 'query', required: true, description: 'Bucket size, aligned to UTC; weeks start on Monday. At most 1,000 buckets.', schema: { type: 'string', enum: ['hour', 'day', 'week', 'month'] } },
  attestationType: { name: 'attestationType', in: 'query', description: 'Only this attestation type.', schema: { const: 'content-verification' } },
};
const param = (name) => ref(`#/components/parameters/${name}`);

const headers = {
  'X-RateLimit-Limit': { description: 'Requests allowed in the current minute.', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Requests left in the current minute.', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'When the minute window resets, as Unix epoch seconds.', schema: { type: 'integer' } },
  'Retry-After': { description: 'Seconds to wait before the next request.', schema: { type: 'integer', minimum: 1 } },
};
const rateHeaders = {
  'X-RateLimit-Limit': ref('#/components/headers/X-RateLimit-Limit'),
  'X-RateLimit-Remaining': ref('#/components/headers/X-RateLimit-Remaining'),
  'X-RateLimit-Reset': ref('#/components/headers/X-RateLimit-Reset'),
};

const ERRORS = {
  invalid_format: [400, 'The request is malformed: bad JSON, a missing or unknown field, a value out of range.'],
  stale_timestamp: [400, 'A receipt or batch is outside its time window.'],
  invalid_api_key: [401, 'The API key is missing, malformed, expired or revoked.'],
  invalid_token: [401, 'The account token (JWT) is missing or expired, or the credentials are wrong.'],
  invalid_signature: [401, 'A signature or signing key could not be verified.'],
  insufficient_scope: [403, 'The key lacks the scope the method needs, or the data belongs to another account.'],
  not_found: [404, 'The path or the named resource does not exist.'],
  unknown_entry: [404, 'The entry id is not in the current, validly signed index file.'],
  duplicate_receipt: [409, 'The receipt id was already processed.'],
  already_exists: [409, 'The name, key or address is already registered.'],
  verification_failed: [422, 'The verification proof was not found, or does not carry the token.'],
  rate_limited: [429, 'A rate limit was reached; wait for Retry-After seconds.'],
  internal_error: [500, 'The service failed; retry later.'],
};
const STATUS_TEXT = { 400: 'Bad request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not found', 409: 'Conflict', 422: 'Unprocessable', 429: 'Too many requests', 500: 'Internal error' };

/** Shared error responses, one per status and set of codes, filled in as operations name them. */
const errorComponents = {};

/** Error responses of an operation, grouped by status, with one example per error code. */
function errorResponses(codes) {
  const byStatus = {};
  for (const code of [...codes, 'rate_limited', 'internal_error']) {
    const [status, message] = ERRORS[code];
    (byStatus[status] ??= []).push([code, message]);
  }
  return Object.fromEntries(Object.entries(byStatus).map(([status, list]) => {
    const name = `error-${status}-${list.map(([code]) => code).join('-')}`;
    errorComponents[name] ??= {
      description: `${STATUS_TEXT[status]}: ${list.map(([code, message]) => `\`${code}\`, ${message.charAt(0).toLowerCase()}${message.slice(1)}`).join(' ')}`,
      headers: status === '429' ? { ...rateHeaders, 'Retry-After': ref('#/components/headers/Retry-After') } : rateHeaders,
      content: {
        'application/json': {
          schema: component('Error'),
          examples: Object.fromEntries(list.map(([code, message]) => [code, { value: { error: { code, message } } }])),
        },
      },
    };
    return [status, ref(`#/components/responses/${name}`)];
  }));
}

// ---- examples from the API pages -----------------------------------------------------------------------------------

const EXAMPLE_META = /(?:^|\s)schema=openapi:([A-Za-z]+)\/(request|\d{3})(?:\s|$)/;
// On the receipt format page, the receipts and batches themselves are examples of what a receipt endpoint accepts.
const WEBHOOK_REQUEST = /(?:^|\s)schema=(receipt|batch)(?:\s|$)/;
const CURL_TARGET = /https:\/\/(?:sandbox\.)?api\.iaindex\.org(\/api\/v1\/[^\s"'?\\]*)/;

/**
 * { operationId: { part: [{ value, page }] } } from the API pages and the receipt format page: ```json blocks marked
 * schema=openapi:<operationId>/<part>, and the JSON bodies (-d '...') of their curl commands.
 */
export function pageExamples(contentDir = CONTENT) {
  const found = {};
  const add = (operationId, part, value, page) => ((found[operationId] ??= {})[part] ??= []).push({ value, page });
  const pages = [
    ...readdirSync(path.join(contentDir, 'docs', 'api')).filter((f) => f.endsWith('.md')).map((f) => `api/${f}`),
    'protocol/receipts.md',
  ].sort();
  for (const page of pages) {
    const lines = readFileSync(path.join(contentDir, 'docs', page), 'utf8').split('\n');
    for (let i = 0; i < lines.length; i += 1) {
      const fence = /^```(json|bash)(.*)$/.exec(lines[i]);
      if (!fence) continue;
      const end = lines.indexOf('```', i + 1);
      const body = lines.slice(i + 1, end).join('\n');
      const at = `${page}:${i + 1}`;
      i = end;
      if (fence[1] === 'bash') {
        for (const [operationId, value] of curlBodies(body)) add(operationId, 'request', value, at);
        continue;
      }
      const meta = EXAMPLE_META.exec(fence[2]);
      if (meta) add(meta[1], meta[2], JSON.parse(body), at);
      else if (page === 'protocol/receipts.md' && WEBHOOK_REQUEST.test(fence[2])) add('receiveReceipt', 'request', JSON.parse(body), at);
    }
  }
  return found;
}

/** [operationId, body] for each `curl -X METHOD https://api.iaindex.org/api/v1/... -d '{...}'` command of a block. */
export function curlBodies(script) {
  const commands = script.replace(/\\\n\s*/g, ' ').split('\n').filter((line) => /^\s*curl\s/.test(line));
  const bodies = [];
  for (const command of commands) {
    const target = CURL_TARGET.exec(command);
    const data = /\s-d '([^']*)'/.exec(command);
    if (!target || !data) continue;
    const method = (/\s-X\s+([A-Z]+)/.exec(command)?.[1] ?? 'POST').toLowerCase();
    const entry = OPERATIONS.find((o) => o.method === method && routePattern(o.route).test(target[1]));
    if (!entry) throw new Error(`no operation for ${method.toUpperCase()} ${target[1]}`);
    bodies.push([entry.operation.operationId, JSON.parse(data[1])]);
  }
  return bodies;
}

export function routePattern(route) {
  return new RegExp(`^${route.replace(/\{[^}]+\}/g, '[^/]+')}$`);
}

// ---- operations ----------------------------------------------------------------------------------------------------

const PUBLIC = [];
const read = [{ apiKey: ['read'] }, { accountToken: [] }];
const write = [{ apiKey: ['write'] }, { accountToken: [] }];
const tokenOnly = [{ accountToken: [] }];

const json = (schema) => ({ 'application/json': { schema } });

/**
 * One operation. `doc` is the page and heading that document it; `request` and `ok` name component schemas;
 * `errors` lists the error codes it can answer besides rate_limited and internal_error (which every call can).
 */
function op(method, route, o) {
  return {
    method,
    route,
    operation: {
      operationId: o.id,
      tags: [o.tag],
      summary: o.summary,
      description: o.description,
      externalDocs: { url: `${DOCS_URL}/${o.doc}` },
      security: o.security,
      'x-rate-limit': o.security === PUBLIC ? 'per source IP address at the Free plan rate, or per API key when one is sent' : 'per API key or account, at the plan rate',
      ...(o.parameters ? { parameters: o.parameters.map(param) } : {}),
      ...(o.request ? { requestBody: { required: true, content: json(o.request) } } : {}),
      responses: {
        [o.status ?? 200]: o.ok
          ? { description: o.okText ?? 'Success.', headers: rateHeaders, content: json(o.ok) }
          : { description: o.okText ?? 'Done; the body is empty.', headers: rateHeaders },
        ...errorResponses(o.errors),
      },
    },
  };
}

const S = (name) => component(name);
const AUTH = 'api/authentication';

const OPERATIONS = [
  op('post', '/api/v1/accounts', { id: 'createAccount', tag: 'Accounts', doc: 'api/accounts#create-an-account', summary: 'Create an account', description: 'Creates a publisher or AI-developer account. A confirmation email is sent; signing in works once the address is confirmed.', security: PUBLIC, request: S('NewAccount'), status: 201, ok: S('Account'), errors: ['invalid_format', 'already_exists'] }),
  op('post', '/api/v1/auth/login', { id: 'signIn', tag: 'Authentication', doc: `${AUTH}#sign-in`, summary: 'Sign in', description: 'Exchanges an email address and password for an account token (a JWT valid for one hour).', security: PUBLIC, request: S('Login'), ok: S('Session'), errors: ['invalid_format', 'invalid_token'] }),
  op('post', '/api/v1/auth/keys', { id: 'createApiKey', tag: 'Authentication', doc: `${AUTH}#create-an-api-key`, summary: 'Create an API key', description: 'Creates an API key. Requires the account token: keys cannot create keys.', security: tokenOnly, request: S('NewApiKey'), status: 201, ok: S('ApiKeyCreated'), errors: ['invalid_format', 'invalid_token'] }),
  op('get', '/api/v1/auth/keys', { id: 'listApiKeys', tag: 'Authentication', doc: `${AUTH}#list-api-keys`, summary: 'List API keys', security: read, parameters: ['page', 'perPage'], ok: S('ApiKeyList'), errors: ['invalid_format', 'invalid_api_key', 'insufficient_scope'] }),
  op('delete', '/api/v1/auth/keys/{keyId}', { id: 'revokeApiKey', tag: 'Authentication', doc: `${AUTH}#revoke-an-api-key`, summary: 'Revoke an API key', security: write, parameters: ['apiKeyId'], status: 204, okText: 'Revoked; the body is empty.', errors: ['invalid_api_key', 'insufficient_scope', 'not_found'] }),

  op('get', '/api/v1/user/information', { id: 'getUserInformation', tag: 'Accounts', doc: 'api/accounts#get-your-account-information', summary: 'Get your account information', security: read, ok: S('UserInformation'), errors: ['invalid_api_key', 'insufficient_scope'] }),
  op('patch', '/api/v1/user/information', { id: 'updateUserInformation', tag: 'Accounts', doc: 'api/accounts#correct-your-account-information', summary: 'Correct your account information', security: write, request: S('UserInformationUpdate'), ok: S('UserInformation'), errors: ['invalid_format', 'invalid_api_key', 'insufficient_scope', 'already_exists'] }),
  op('delete', '/api/v1/user/account', { id: 'deleteAccount', tag: 'Accounts', doc: 'api/accounts#delete-your-account', summary: 'Delete your account', description: 'Deletes the account and its API keys, domains and entries. Requires the account token.', security: tokenOnly, status: 204, okText: 'Deleted; the body is empty.', errors: ['invalid_token'] }),
  op('get', '/api/v1/publisher/data', { id: 'getPublisherData', tag: 'Accounts', doc: 'api/accounts#get-your-publisher-data', summary: 'Get your publisher data', security: read, ok: S('PublisherData'), errors: ['invalid_api_key', 'insufficient_scope'] }),
  op('get', '/api/v1/publisher/entries', { id: 'listPublisherEntries', tag: 'Accounts', doc: 'api/accounts#list-your-entries', summary: 'List your entries', security: read, parameters: ['page', 'perPage'], ok: S('PublisherEntryList'), errors: ['invalid_format', 'invalid_api_key', 'insufficient_scope'] }),
  op('patch', '/api/v1/publisher/entries/{entryId}', { id: 'updatePublisherEntry', tag: 'Accounts', doc: 'api/accounts#correct-an-entry', summary: 'Correct an entry', security: write, parameters: ['entryId'], request: S('PublisherEntryUpdate'), ok: S('PublisherEntry'), errors: ['invalid_format', 'invalid_api_key', 'insufficient_scope', 'unknown_entry'] }),
  op('delete', '/api/v1/publisher/entries/{entryId}', { id: 'deletePublisherEntry', tag: 'Accounts', doc: 'api/accounts#erase-an-entry', summary: 'Erase an entry', security: write, parameters: ['entryId'], status: 204, okText: 'Erased; the body is empty.', errors: ['invalid_api_key', 'insufficient_scope', 'unknown_entry'] }),
  op('get', '/api/v1/publisher/export', { id: 'exportPublisherData', tag: 'Accounts', doc: 'api/accounts#export-your-data', summary: 'Export your data', security: read, ok: S('PublisherExport'), errors: ['invalid_api_key', 'insufficient_scope'] }),

  op('post', '/api/v1/clients', { id: 'registerClient', tag: 'Clients', doc: 'api/clients#register-a-client', summary: 'Register an AI client', description: 'Registers an AI client with its first public key and issues its client.id.', security: write, request: S('NewClient'), status: 201, ok: S('ClientRegistered'), errors: ['invalid_format', 'invalid_api_key', 'insufficient_scope', 'already_exists'] }),
  op('get', '/api/v1/clients', { id: 'listClients', tag: 'Clients', doc: 'api/clients#list-your-clients', summary: 'List your clients', security: read, parameters: ['page', 'perPage'], ok: S('ClientList'), errors: ['invalid_format', 'invalid_api_key', 'insufficient_scope'] }),
  op('get', '/api/v1/clients/{clientId}/keys', { id: 'listClientKeys', tag: 'Clients', doc: 'api/clients#list-a-clients-keys', summary: "List a client's keys", description: 'The key registry: every key registered for the client, active and retired. Receivers use it to check receipt signatures.', security: PUBLIC, parameters: ['clientId'], ok: S('ClientKeys'), errors: ['not_found'] }),
  op('post', '/api/v1/clients/{clientId}/keys', { id: 'addClientKey', tag: 'Clients', doc: 'api/clients#add-a-key', summary: 'Add a key', security: write, parameters: ['clientId'], request: S('NewClientKey'), status: 201, ok: S('KeyRecord'), errors: ['invalid_format', 'invalid_api_key', 'insufficient_scope', 'not_found', 'already_exists'] }),
  op('patch', '/api/v1/clients/{clientId}/keys/{keyId}', { id: 'retireClientKey', tag: 'Clients', doc: 'api/clients#retire-or-revoke-a-key', summary: 'Retire or revoke a key', security: write, parameters: ['clientId', 'keyIdPath'], request: S('ClientKeyUpdate'), ok: S('KeyRecord'), errors: ['invalid_format', 'invalid_api_key', 'insufficient_scope', 'not_found'] }),

  op('post', '/api/v1/verification/generate', { id: 'startVerification', tag: 'Verification', doc: 'api/verification#start-a-verification', summary: 'Start a domain verification', security: write, request: S('VerificationRequest'), status: 201, ok: S('VerificationChallenge'), errors: ['invalid_format', 'invalid_api_key', 'insufficient_scope', 'already_exists'] }),
  op('post', '/api/v1/verification/confirm', { id: 'confirmVerification', tag: 'Verification', doc: 'api/verification#confirm-or-renew', summary: 'Confirm or renew a verification', description: 'Checks the published proof now. Also renews an existing verification for another 365 days.', security: write, request: S('VerificationConfirm'), ok: S('Verification'), errors: ['invalid_format', 'invalid_api_key', 'insufficient_scope', 'not_found', 'verification_failed'] }),
  op('get', '/api/v1/verification/check', { id: 'checkVerification', tag: 'Verification', doc: 'api/verification#check-a-domain', summary: 'Check a domain', security: PUBLIC, parameters: ['domainQuery'], ok: S('VerificationStatus'), errors: ['invalid_format'] }),
  op('delete', '/api/v1/verification/{domain}', { id: 'revokeVerification', tag: 'Verification', doc: 'api/verification#revoke-a-verification', summary: 'Revoke a verification', security: write, parameters: ['domain'], status: 204, okText: 'Revoked; the body is empty.', errors: ['invalid_api_key', 'insufficient_scope', 'not_found'] }),

  op('post', '/api/v1/receipts', { id: 'submitReceipt', tag: 'Receipts', doc: 'api/receipts#submit-a-receipt', summary: 'Submit a receipt', security: PUBLIC, request: S('Receipt'), ok: S('ReceiptAccepted'), errors: ['invalid_format', 'stale_timestamp', 'invalid_signature', 'unknown_entry', 'duplicate_receipt'] }),
  op('post', '/api/v1/receipts/batch', { id: 'submitBatch', tag: 'Receipts', doc: 'api/receipts#submit-a-batch', summary: 'Submit a batch', security: PUBLIC, request: S('Batch'), ok: S('BatchAccepted'), errors: ['invalid_format', 'stale_timestamp', 'invalid_signature'] }),
  op('get', '/api/v1/receipts', { id: 'listReceipts', tag: 'Receipts', doc: 'api/receipts#query-receipts', summary: 'Query receipts', security: read, parameters: ['entryIdQuery', 'purpose', 'from', 'to', 'page', 'perPage'], ok: S('ReceiptList'), errors: ['invalid_format', 'invalid_api_key', 'insufficient_scope'] }),
  op('post', '/api/v1/receipts/test', { id: 'sendTestReceipt', tag: 'Receipts', doc: 'api/receipts#send-a-test-receipt', summary: 'Send a test receipt to your endpoint', description: 'The service signs a receipt as its delivery-test client and POSTs it to the access.url of one of your entries, then reports the answer.', security: write, request: S('TestDeliveryRequest'), ok: S('TestDelivery'), errors: ['invalid_format', 'invalid_api_key', 'insufficient_scope', 'unknown_entry'] }),

  op('get', '/api/v1/analytics/dashboard', { id: 'getDashboard', tag: 'Analytics', doc: 'api/analytics#dashboard', summary: 'Dashboard', security: read, parameters: ['from', 'to'], ok: S('Dashboard'), errors: ['invalid_format', 'invalid_api_key', 'insufficient_scope'] }),
  op('get', '/api/v1/analytics/content/{entryId}', { id: 'getContentUsage', tag: 'Analytics', doc: 'api/analytics#content-usage', summary: 'Content usage', security: read, parameters: ['entryId', 'from', 'to', 'page', 'perPage'], ok: S('ContentUsage'), errors: ['invalid_format', 'invalid_api_key', 'insufficient_scope', 'unknown_entry'] }),
  op('get', '/api/v1/analytics/clients/{clientId}', { id: 'getClientActivity', tag: 'Analytics', doc: 'api/analytics#client-activity', summary: 'Client activity', security: read, parameters: ['clientId', 'from', 'to', 'page', 'perPage'], ok: S('ClientActivity'), errors: ['invalid_format', 'invalid_api_key', 'insufficient_scope', 'not_found'] }),
  op('get', '/api/v1/analytics/timeseries', { id: 'getTimeSeries', tag: 'Analytics', doc: 'api/analytics#time-series', summary: 'Time series', security: read, parameters: ['metric', 'interval', 'from', 'to', 'entryIdQuery', 'purpose'], ok: S('TimeSeries'), errors: ['invalid_format', 'invalid_api_key', 'insufficient_scope'] }),

  op('post', '/api/v1/attestations', { id: 'createAttestation', tag: 'Attestations', doc: 'api/attestations#create-an-attestation', summary: 'Create an attestation', security: write, request: S('NewAttestation'), status: 201, ok: S('Attestation'), errors: ['invalid_format', 'invalid_api_key', 'insufficient_scope', 'unknown_entry'] }),
  op('get', '/api/v1/attestations', { id: 'listAttestations', tag: 'Attestations', doc: 'api/attestations#list-attestations', summary: 'List attestations', security: read, parameters: ['entryIdQuery', 'attestationType', 'from', 'to', 'page', 'perPage'], ok: S('AttestationList'), errors: ['invalid_format', 'invalid_api_key', 'insufficient_scope'] }),
  op('post', '/api/v1/attestations/verify', { id: 'verifyAttestation', tag: 'Attestations', doc: 'api/attestations#verify-an-attestation', summary: 'Verify an attestation', security: PUBLIC, request: S('AttestationCheck'), ok: S('AttestationCheckResult'), errors: ['invalid_format'] }),
  op('get', '/api/v1/attestations/keys', { id: 'listServiceKeys', tag: 'Attestations', doc: 'api/attestations#list-the-service-keys', summary: 'List the service keys', security: PUBLIC, ok: S('ServiceKeys'), errors: [] }),
];

// The publisher's own receipt endpoint (the entry's access.url), described as an OpenAPI webhook.
const RECEIVE = op('post', 'receipt', {
  id: 'receiveReceipt', tag: 'Receipts', doc: 'protocol/receipts#delivery-and-responses', summary: 'A receipt or batch arrives at access.url',
  description: 'What a publisher endpoint (or the hosted service, for entries whose access.method is api) accepts from AI clients: one receipt, or one batch envelope (a body with a batchId member).',
  security: PUBLIC, request: { oneOf: [S('Receipt'), S('Batch')] }, ok: { oneOf: [S('ReceiptAccepted'), S('BatchAccepted')] },
  errors: ['invalid_format', 'stale_timestamp', 'invalid_signature', 'unknown_entry', 'duplicate_receipt'],
});

// ---- assembly ------------------------------------------------------------------------------------------------------

function withExamples(entry, examples) {
  const { operation } = entry;
  const own = examples[operation.operationId] ?? {};
  for (const [part, list] of Object.entries(own)) {
    // Error responses are shared components with an example per error code; page examples of errors are checked
    // against them by the site build but not copied in.
    if (part !== 'request' && operation.responses[part]?.$ref) continue;
    const target = part === 'request' ? operation.requestBody?.content['application/json'] : operation.responses[part]?.content?.['application/json'];
    if (!target) throw new Error(`${list[0].page}: ${operation.operationId} has no ${part === 'request' ? 'request body' : `JSON response ${part}`}`);
    target.examples ??= {};
    list.forEach(({ value }, i) => (target.examples[i === 0 ? 'docs' : `docs${i + 1}`] = { value }));
  }
  return operation;
}

export function buildOpenApi(contentDir = CONTENT) {
  const examples = pageExamples(contentDir);
  const paths = {};
  for (const entry of OPERATIONS) (paths[entry.route] ??= {})[entry.method] = withExamples(entry, examples);
  return {
    openapi: '3.1.0',
    info: {
      title: 'IAIndex API',
      version: '1.0.0',
      summary: 'The hosted IAIndex service: receipts, analytics, attestations, AI-client keys, domain verification and accounts.',
      description: [
        'Requests and responses are JSON over HTTPS; times are RFC 3339 in UTC. Errors always have the body {"error": {"code", "message"}}.',
        'Rate limits apply per API key (or per source IP address for public calls made without a key): Free 60 requests per minute and 10,000 per day, Pro 300 and 100,000, Enterprise by contract. Every response carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset; a 429 carries Retry-After.',
        'Lists are paginated with page (from 1) and perPage (default 20, maximum 100) and return a pagination object.',
        'The sandbox server has the same endpoints, separate data, and takes ia_test_ API keys only.',
      ].join('\n\n'),
      license: { name: 'MIT', identifier: 'MIT' },
      contact: { email: 'support@iaindex.com' },
    },
    externalDocs: { url: `${DOCS_URL}/${AUTH}`, description: 'API reference' },
    servers: [
      { url: 'https://api.iaindex.org', description: 'Live' },
      { url: 'https://sandbox.api.iaindex.org', description: 'Sandbox: ia_test_ keys, separate client registry, demonstration publisher' },
    ],
    tags: ['Authentication', 'Accounts', 'Clients', 'Verification', 'Receipts', 'Analytics', 'Attestations'].map((name) => ({ name })),
    paths,
    webhooks: { receipt: { post: withExamples(RECEIVE, examples) } },
    components: {
      schemas,
      responses: Object.fromEntries(Object.entries(errorComponents).sort(([a], [b]) => a.localeCompare(b))),
      parameters,
      headers,
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'ia_live_ or ia_test_ API key', description: 'An API key. Its scopes: read for GET, write for POST, PATCH and DELETE.' },
        accountToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The account token from POST /api/v1/auth/login, valid for one hour; it carries every scope.' },
      },
    },
  };
}

/** Indented JSON in which any array or object that fits in 100 characters stays on one line. */
export function serialise(document) {
  const write = (value, indent) => {
    const flat = JSON.stringify(value);
    if (value === null || typeof value !== 'object' || indent.length + flat.length <= 100) return flat;
    const inner = indent + '  ';
    const items = Array.isArray(value)
      ? value.map((item) => inner + write(item, inner))
      : Object.entries(value).filter(([, item]) => item !== undefined).map(([key, item]) => `${inner}${JSON.stringify(key)}: ${write(item, inner)}`);
    const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
    return `${open}\n${items.join(',\n')}\n${indent}${close}`;
  };
  return write(document, '') + '\n';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = serialise(buildOpenApi());
  const stale = OUTPUTS.filter((file) => {
    try {
      return readFileSync(path.join(CONTENT, file), 'utf8') !== text;
    } catch {
      return true;
    }
  });
  if (process.argv.includes('--check')) {
    if (stale.length > 0) {
      console.error(`out of date: ${stale.map((f) => `content/${f}`).join(', ')}; run node content/openapi/build-openapi.mjs`);
      process.exit(1);
    }
  } else {
    for (const file of OUTPUTS) writeFileSync(path.join(CONTENT, file), text);
  }
}
