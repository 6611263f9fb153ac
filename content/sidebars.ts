import type { SidebarsConfig } from 'protodocs';

// Sidebars of the IAIndex docs. A string is a doc id (its path under content/docs without the extension).
const sidebars: SidebarsConfig = {
  mainSidebar: [
    'intro',
    'quickstart',
    'packages',
    {
      type: 'category',
      label: 'Publishers',
      items: ['publishers/domain-verification', 'publishers/generating-index', 'publishers/receiving-receipts'],
    },
    {
      type: 'category',
      label: 'AI clients',
      items: ['clients/getting-started', 'clients/langchain', 'clients/llamaindex'],
    },
    {
      type: 'category',
      label: 'Compliance',
      items: ['compliance/gdpr', 'compliance/popia', 'compliance/terms'],
    },
  ],
  protocolSidebar: ['protocol/schema', 'protocol/receipts', 'protocol/signatures'],
  sdksSidebar: ['sdks/nodejs', 'sdks/python'],
  pluginsSidebar: [
    'plugins/wordpress',
    'plugins/webflow',
    'plugins/bubble',
    'plugins/wix',
    'plugins/squarespace',
    'plugins/shopify',
    'plugins/framer',
    'plugins/ghost',
  ],
  apiSidebar: [
    'api/authentication',
    'api/accounts',
    'api/clients',
    'api/verification',
    'api/receipts',
    'api/analytics',
    'api/attestations',
  ],
};

export default sidebars;
