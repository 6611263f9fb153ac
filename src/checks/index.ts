export { checkInternalLinks, checkConfigLinks } from './internal-links.ts';
export { crawlSite, scanHtml, type CrawlOptions, type CrawlReport } from './crawl.ts';
