// While a save is on its way (ADR 039): what the form says under its save button. Pure.

/** How much of a form's files the browser has sent (XMLHttpRequest's upload progress). */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * rules §2 Admin screens in common, "While a save is on its way": 'Saving…', and while a
 * chosen file is sent 'Saving… uploading photo 60 %' (in steps of ten, so a screen reader is
 * not given a new number every few bytes), then 'Saving… photo sent, the server is storing
 * it' until the answer comes. `noun` is what is sent: 'photo', 'logo', '2 pictures'.
 */
export function savingText({
  progress,
  noun,
}: {
  progress: UploadProgress | null;
  noun: string | null;
}): string {
  if (!progress || !noun || progress.total <= 0) return "Saving…";
  if (progress.loaded >= progress.total) return `Saving… ${noun} sent, the server is storing it`;
  const percent = Math.floor((progress.loaded / progress.total) * 10) * 10;
  return `Saving… uploading ${noun} ${percent} %`;
}

/** 'photo', 'logo', or '3 pictures' for the files a form sends; null when it sends none. */
export function uploadNoun(kinds: readonly string[]): string | null {
  if (kinds.length === 0) return null;
  if (kinds.length === 1) return kinds[0] ?? null;
  return `${kinds.length} pictures`;
}
