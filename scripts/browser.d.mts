export declare const BROWSER_PACKAGE: string;
export declare function browserPath(): string;
