import { withBase, type PageModuleProps } from 'protodocs';

// The home page of the IAIndex site. Styles: theme/styles/home.css.

interface Feature {
  title: string;
  body: string;
  link: { label: string; path: string };
  icon: 'receipt' | 'seal' | 'domain' | 'plug';
}

const FEATURES: Feature[] = [
  {
    icon: 'receipt',
    title: 'Signed receipts',
    body:
      'Each time an AI system reads an indexed page it signs a receipt: proof of access, a timestamp, the model behind the request and whether the use is training, inference or research.',
    link: { label: 'Receipt format', path: '/docs/protocol/receipts/' },
  },
  {
    icon: 'seal',
    title: 'Verifiable signatures',
    body:
      'Index files, receipts and batches carry Ed25519 signatures from publishers and AI clients; attestations are signed statements from the hosted service about index entries. Anyone with the public key can check each one.',
    link: { label: 'Signatures', path: '/docs/protocol/signatures/' },
  },
  {
    icon: 'domain',
    title: 'Publisher control',
    body:
      'Prove you own your domain with a DNS TXT record, then publish licence terms and access policies for your content from a signed index at /.well-known/iaindex.json.',
    link: { label: 'Domain verification', path: '/docs/publishers/domain-verification/' },
  },
  {
    icon: 'plug',
    title: 'SDKs and plugins',
    body:
      'SDKs for Node.js and Python, clients for LangChain and LlamaIndex, and plugins for WordPress, Webflow, Shopify and five more site builders.',
    link: { label: 'Browse the SDKs', path: '/docs/sdks/nodejs/' },
  },
];

const STEPS = [
  { title: 'Publish', body: 'A publisher verifies its domain and hosts a signed index of its content and licence terms.' },
  { title: 'Access', body: 'An AI client reads the index and fetches the content under the stated terms.' },
  { title: 'Receipt', body: 'The client signs a receipt for what it used, when, and for which purpose.' },
  { title: 'Verify', body: 'The publisher receives the receipt, checks its signature and sees the usage in its analytics.' },
];

function FeatureIcon({ name }: { name: Feature['icon'] }) {
  const paths: Record<Feature['icon'], string> = {
    receipt: 'M6 2h12v20l-3-2-3 2-3-2-3 2zM9 7h6M9 11h6M9 15h4',
    seal: 'M12 2l2.4 2.1 3.1-.4.9 3 2.7 1.6-1.1 2.9 1.1 2.9-2.7 1.6-.9 3-3.1-.4L12 22l-2.4-2.1-3.1.4-.9-3-2.7-1.6 1.1-2.9-1.1-2.9 2.7-1.6.9-3 3.1.4zM8.5 12l2.5 2.5 4.5-5',
    domain: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM2 12h20M12 2c2.5 2.7 3.8 6.1 3.8 10S14.5 19.3 12 22c-2.5-2.7-3.8-6.1-3.8-10S9.5 4.7 12 2z',
    plug: 'M9 2v6M15 2v6M6 8h12v4a6 6 0 0 1-12 0zM12 18v4',
  };
  return (
    <svg className="feature__icon" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden={true} focusable={false}>
      <path d={paths[name]} />
    </svg>
  );
}

/** Page title and meta description (the title renders as "… | IAIndex"). */
export const title = 'Transparent AI-training attribution';
export const description =
  'IAIndex lets publishers see which AI systems use their content, through signed receipts and attestations anyone can verify.';

export default function Home({ site }: PageModuleProps) {
  const href = (path: string) => withBase(site.baseUrl, path);
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner">
          <div className="hero__text">
            <p className="hero__eyebrow">Open protocol · MIT licence</p>
            <h1 id="hero-title" className="hero__title">
              Know when AI uses your work. <span className="hero__title-accent">Prove it with a signature.</span>
            </h1>
            <p className="hero__lead">
              IAIndex is a transparent attribution protocol for AI training. Publishers describe their content in a signed
              index; AI systems that use it send back signed receipts; anyone can verify both signatures, and the hosted service
              can add signed attestations. Publishers get
              a record they can check, and AI developers get a clean, auditable trail for their training data.
            </p>
            <div className="hero__actions">
              <a className="button button--primary button--lg" href={href('/docs/quickstart/')}>
                Get started in 5 minutes
              </a>
              <a className="button button--secondary button--lg" href={href('/docs/protocol/schema/')}>
                Read the protocol
              </a>
            </div>
          </div>
          <ol className="hero__flow" aria-label="How a receipt travels">
            <li className="hero__flow-step">
              <span className="hero__flow-actor">Publisher</span>
              <span className="hero__flow-action">signs an index of its content</span>
            </li>
            <li className="hero__flow-step">
              <span className="hero__flow-actor">AI client</span>
              <span className="hero__flow-action">reads the index and the content</span>
            </li>
            <li className="hero__flow-step">
              <span className="hero__flow-actor">Receipt</span>
              <span className="hero__flow-action">signed proof of access, time, model and purpose</span>
            </li>
            <li className="hero__flow-step hero__flow-step--done">
              <span className="hero__flow-actor">Publisher</span>
              <span className="hero__flow-action">verifies the signature and sees who used what</span>
            </li>
          </ol>
        </div>
      </section>

      <section className="home-section" aria-labelledby="audiences-title">
        <h2 id="audiences-title" className="home-section__title">
          One record, two sides
        </h2>
        <div className="audiences">
          <div className="audience card">
            <h3>For publishers</h3>
            <p>
              News sites, blogs and content platforms can see whether their work was used to train or feed an AI system,
              check that their licence terms were honoured, and keep a verifiable basis for compensation.
            </p>
            <ul className="link-list">
              <li>
                <a href={href('/docs/publishers/generating-index/')}>Generate your index</a>
              </li>
              <li>
                <a href={href('/docs/publishers/receiving-receipts/')}>Receive receipts</a>
              </li>
              <li>
                <a href={href('/docs/plugins/wordpress/')}>Install a CMS plugin</a>
              </li>
            </ul>
          </div>
          <div className="audience card">
            <h3>For AI developers</h3>
            <p>
              Model builders and application teams can read licence terms before they use content and emit a signed
              receipt for each access, so their training-data practice can be shown, not just claimed.
            </p>
            <ul className="link-list">
              <li>
                <a href={href('/docs/clients/langchain/')}>LangChain integration</a>
              </li>
              <li>
                <a href={href('/docs/clients/llamaindex/')}>LlamaIndex integration</a>
              </li>
              <li>
                <a href={href('/docs/api/authentication/')}>API reference</a>
              </li>
            </ul>
          </div>
        </div>
      </section>

      <section className="home-section" aria-labelledby="features-title">
        <h2 id="features-title" className="home-section__title">
          What the protocol gives you
        </h2>
        <ul className="features">
          {FEATURES.map((feature) => (
            <li className="feature card" key={feature.title}>
              <FeatureIcon name={feature.icon} />
              <h3 className="feature__title">{feature.title}</h3>
              <p className="feature__body">{feature.body}</p>
              <a className="feature__link" href={href(feature.link.path)}>
                {feature.link.label} <span aria-hidden="true">→</span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section className="home-section" aria-labelledby="steps-title">
        <h2 id="steps-title" className="home-section__title">
          How it works
        </h2>
        <ol className="steps">
          {STEPS.map((step, index) => (
            <li className="step" key={step.title}>
              <span className="step__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="step__title">{step.title}</h3>
              <p className="step__body">{step.body}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="home-cta" aria-labelledby="cta-title">
        <h2 id="cta-title">Start with your own domain</h2>
        <p>The quick start walks you through verifying a domain, signing your first index and accepting receipts.</p>
        <div className="hero__actions">
          <a className="button button--primary button--lg" href={href('/docs/quickstart/')}>
            Open the quick start
          </a>
          <a className="button button--secondary button--lg" href={href('/docs/intro/')}>
            Read the introduction
          </a>
        </div>
      </section>
    </div>
  );
}
