/**
 * Day One's JSON export, the parts both sides read: the importer (importer/sources/dayone*.ts) and the exporter
 * (export/dayone-*.ts). An export is `<Journal>.json` files (`{ metadata, entries }`) with each entry's media in four
 * lists, whose files sit in a folder of each list named `<md5>.<type>`, and the text refers to a medium by a
 * `dayone-moment:` reference.
 */

/**
 * Each media list of an entry: the kind of medium it holds, its folder in the export, the file type a medium of it
 * has when its metadata names none, and the reference the text writes for one (`ID` stands for its identifier).
 */
export const DAYONE_LISTS = {
  photos: { kind: 'photo', folder: 'photos', defaultType: 'jpeg', moment: 'dayone-moment://ID' },
  videos: { kind: 'video', folder: 'videos', defaultType: 'mov', moment: 'dayone-moment:/video/ID' },
  audios: { kind: 'audio', folder: 'audios', defaultType: 'm4a', moment: 'dayone-moment:/audio/ID' },
  pdfAttachments: { kind: 'file', folder: 'pdfs', defaultType: 'pdf', moment: 'dayone-moment:/pdfAttachment/ID' },
} as const;
export type DayOneList = keyof typeof DAYONE_LISTS;
export const DAYONE_LIST_NAMES = Object.keys(DAYONE_LISTS) as DayOneList[];

/** A medium's file in an export, relative to its `<Journal>.json`: `photos/<md5>.jpeg`. */
export const dayOneMediaPath = (list: DayOneList, md5: string, type: string): string =>
  `${DAYONE_LISTS[list].folder}/${md5}.${type}`;

/** A member of a zip that is a medium's file: one level deep in a list's folder. */
export const DAYONE_MEDIA_MEMBER = new RegExp(
  `^(?:${DAYONE_LIST_NAMES.map((list) => DAYONE_LISTS[list].folder).join('|')})\\/(?!\\.\\.?$)[^/\\\\]+$`,
);

/** Audio names its `format`, not its `type`: Day One records its m4a files as `aac`; another format is the extension. */
export const dayOneAudioFormat = (type: string): string => (type === 'm4a' ? 'aac' : type);
/** The file type of an audio's `format` (dayOneAudioFormat read back). */
export const dayOneAudioType = (format: string): string => (format === 'aac' ? 'm4a' : format);
