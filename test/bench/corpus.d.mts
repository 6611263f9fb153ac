// Types of the bench's corpus generator (plain JavaScript, run by node without a build step).
export declare const PER_SECTION: number;
export declare function writeCorpus(dir: string, pages: number): void;
