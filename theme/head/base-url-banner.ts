// Appended to the page's one inline head script (theme/head/color-mode.ts), so it shares its CSP hash. A site served
// under a path other than the base URL it was built for cannot find its own stylesheet and scripts: it "did not load
// properly". The path alone cannot tell (with baseUrl "/" every path starts with the base), so this script watches
// what the reader gets: an error loading one of the site's own assets (capture phase, since resource errors do not
// bubble), or, once the page has loaded, a stylesheet that never applied (tokens.css sets --pd-loaded). It then shows
// a banner that says so and points at the `baseUrl` setting (SPEC §8). Third-party failures (a blocked tag) are not
// the site's, so they are ignored. The script is ES5, depends on its argument only (the CSP hash must be stable),
// builds the banner with DOM calls (the path is never parsed as HTML) and styles it through the CSSOM (the CSP
// forbids style attributes).

export const BASE_URL_BANNER_ID = 'pd-base-url-banner';

/** The custom property the site's stylesheet sets on :root; its absence after load means the stylesheet is missing. */
export const STYLESHEET_LOADED_PROPERTY = '--pd-loaded';

export function baseUrlBannerScript(baseUrl: string): string {
  const base = JSON.stringify(baseUrl).replace(/</g, '\\u003c');
  return (
    '(function(){var b=' +
    base +
    ',a=location.origin+b+"assets/",w=window,d=document;' +
    'function el(t,x,s){var e=d.createElement(t);if(x)e.textContent=x;if(s)for(var k in s)e.style[k]=s[k];return e}' +
    'function show(){' +
    `if(d.getElementById("${BASE_URL_BANNER_ID}")||!d.body)return;` +
    'var c={fontFamily:"ui-monospace,SFMono-Regular,Menlo,monospace",fontSize:"0.9em"};' +
    `var n=el("div",null,{padding:"1rem",background:"#fff8e6",color:"#1c1e21",borderBottom:"3px solid #e13238",font:"16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif",position:"relative",zIndex:"2147483647"});` +
    `n.id="${BASE_URL_BANNER_ID}";n.setAttribute("role","alert");` +
    'n.appendChild(el("strong","This site did not load properly."));' +
    'n.appendChild(d.createTextNode(" Its styles and scripts could not be loaded from "));' +
    'n.appendChild(el("code",b+"assets/",c));' +
    'n.appendChild(d.createTextNode(" (this page is "));' +
    'n.appendChild(el("code",location.pathname,c));' +
    'n.appendChild(d.createTextNode("). The site was built for the base URL "));' +
    'n.appendChild(el("code",b,c));' +
    'n.appendChild(d.createTextNode(". Check the "));' +
    'n.appendChild(el("code","baseUrl",c));' +
    'n.appendChild(d.createTextNode(" setting in site.config.ts: it must be the path the site is served from (for example \\"/\\" or \\"/docs-site/\\")."));' +
    'd.body.insertBefore(n,d.body.firstChild)}' +
    'function later(){if(d.body)show();else d.addEventListener("DOMContentLoaded",show)}' +
    'w.addEventListener("error",function(e){var t=e.target,u=t&&(t.href||t.src);' +
    'if(typeof u==="string"&&u.indexOf(a)===0&&(t.tagName==="SCRIPT"||t.tagName==="LINK"))later()},true);' +
    'w.addEventListener("load",function(){var s=w.getComputedStyle(d.documentElement).getPropertyValue(' +
    JSON.stringify(STYLESHEET_LOADED_PROPERTY) +
    ');if(!s||!s.trim())show()})' +
    '})();'
  );
}
