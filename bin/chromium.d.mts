/** Types of bin/chromium.mjs, for the tests that drive Chromium. */
export declare const chromiumPath: string
export declare const quietChromiumFlags: string[]
