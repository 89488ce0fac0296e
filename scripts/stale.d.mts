export declare const SERVER_SOURCES: string[];
export declare function isStale(output: string, sources: string[], root?: string): boolean;
