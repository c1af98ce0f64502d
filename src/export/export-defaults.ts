/** Relative to the project folder, where npm runs the script (like DATABASE_PATH). */
export const DEFAULT_EXPORT_DIR = 'data/exports';
