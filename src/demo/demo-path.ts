/** Where npm run demo builds the demo journal by default (relative to the project folder, like DATABASE_PATH). */
export const DEMO_DATABASE_PATH = 'data/demo.sqlite';
