import { useEffect, useRef, useState } from "react";
import { useConsent } from "../../browser/consent.ts";
import type { ClubDetails } from "../../domain/club/club.schema.ts";
import { mayLoadEmbed } from "../../domain/site/consent.ts";
import { videoThumbnail } from "./assets.ts";
import { ExternalLink } from "./external-link.tsx";
import { MediaImage } from "./media-image.tsx";
import { PlayIcon } from "./page-icons/play.tsx";
import { SocialIcon, socialNetworks } from "./social-icons.tsx";
import { addScript } from "./third-party.ts";
import { useClub } from "./use-club.ts";
import { useHydrated } from "./use-hydrated.ts";

// The home page's social section (rules §2 Home): three social links and three featured
// short videos. The videos are thumbnails until the visitor presses play or has accepted
// cookies; only then does TikTok's embed script load (decisions 19). Without JavaScript
// each thumbnail links to the video on TikTok.

const VIDEO_EMBED_SCRIPT = "https://www.tiktok.com/embed.js";

type ShortVideo = ClubDetails["shortVideos"][number];

/** The networks the home page links to (rules §2 Home), when Club details has a link for them. */
const FEATURED_SOCIAL = ["facebook", "instagram", "tiktok"] as const;

// The featured networks the club has a link for (Club details, ADR 013).
export function SocialLinks() {
  const { social } = useClub();
  return (
    <ul className="flex flex-wrap gap-3">
      {FEATURED_SOCIAL.map((network) => {
        const href = social[network];
        if (!href) return null;
        const { label } = socialNetworks[network];
        return (
          <li key={network}>
            <ExternalLink
              href={href}
              className="inline-flex min-h-12 items-center gap-2 rounded-full bg-white/10 px-5 font-display text-lg font-bold uppercase tracking-wide text-white ring-1 ring-white/20 transition-colors hover:bg-accent hover:text-accent-contrast"
            >
              <SocialIcon network={network} className="size-5" />
              {label}
            </ExternalLink>
          </li>
        );
      })}
    </ul>
  );
}

// The videos and their account are Club details (ADR 013): the TikTok link and "Home page videos".
// Without the club's TikTok link, TikTok's own address for any account's video.
const videoUrl = ({ video, account }: { video: ShortVideo; account: string | undefined }) =>
  `${account?.replace(/\/+$/, "") ?? "https://www.tiktok.com/@"}/video/${video.id}`;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// The markup TikTok's script turns into a player. It is set as HTML so React never
// reconciles the nodes the script replaces.
function embedMarkup({ video, account }: { video: ShortVideo; account: string | undefined }) {
  const url = escapeHtml(videoUrl({ video, account }));
  const title = escapeHtml(video.title);
  return `<blockquote class="tiktok-embed" cite="${url}" data-video-id="${escapeHtml(video.id)}" style="max-width:605px;min-width:min(325px,100%);margin:0"><section><a target="_blank" rel="noopener noreferrer" href="${url}">${title}</a></section></blockquote>`;
}

export function ShortVideos() {
  const { shortVideos, social } = useClub();
  const account = social.tiktok;
  const consent = useConsent();
  const hydrated = useHydrated();
  const [requested, setRequested] = useState<ReadonlySet<string>>(new Set());
  const embedded = shortVideos.filter((video) =>
    mayLoadEmbed({ consent, requested: requested.has(video.id) }),
  );
  const embeddedKey = embedded.map((video) => video.id).join(",");

  useEffect(() => {
    // The script runs again for every new placeholder: it only scans the page when it runs.
    if (embeddedKey) addScript({ id: "video-embed", src: VIDEO_EMBED_SCRIPT, rerun: true });
  }, [embeddedKey]);

  if (shortVideos.length === 0) return null;
  return (
    <div className="mt-12">
      <h3 className="sr-only">Featured videos</h3>
      {/* Small screens: a row to swipe through; wider: a grid. */}
      <ul className="-mx-5 flex snap-x snap-mandatory gap-4 overflow-x-auto px-5 pb-4 sm:mx-0 sm:grid sm:grid-cols-2 sm:gap-6 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-3">
        {shortVideos.map((video) => {
          const isEmbedded = embedded.includes(video);
          return (
            <li
              key={video.id}
              // A playing video needs the player's minimum width (325 px).
              className={`flex shrink-0 snap-start scroll-ml-5 flex-col sm:w-auto ${isEmbedded ? "w-[325px] max-w-full" : "w-[62%]"}`}
            >
              {isEmbedded ? (
                <EmbeddedVideo
                  video={video}
                  account={account}
                  takeFocus={requested.has(video.id)}
                />
              ) : (
                <VideoThumbnail
                  video={video}
                  account={account}
                  hydrated={hydrated}
                  onPlay={() => setRequested((ids) => new Set(ids).add(video.id))}
                />
              )}
              <p className="mt-3 font-display text-xl font-bold uppercase leading-tight">
                {video.title}
              </p>
            </li>
          );
        })}
      </ul>
      <p className="mt-8 max-w-2xl text-sm text-slate-300">
        Videos play from TikTok, which may set its own cookies. They load only when you press play,
        or if you have accepted cookies.
      </p>
    </div>
  );
}

/**
 * A video's player. ADR 011: after 'Play video' (which this replaces) focus moves here,
 * and on into the player's frame once TikTok's script has made it; the frame is given a
 * title if it has none.
 */
function EmbeddedVideo({
  video,
  account,
  takeFocus,
}: {
  video: ShortVideo;
  account: string | undefined;
  takeFocus: boolean;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const name = `TikTok video: ${video.title}`;

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    if (takeFocus) box.focus();
    const settle = (): boolean => {
      const frame = box.querySelector("iframe");
      if (!frame) return false;
      if (!frame.title) frame.title = name;
      // Only while the visitor has not moved on.
      if (
        takeFocus &&
        (document.activeElement === box || document.activeElement === document.body)
      ) {
        frame.focus();
      }
      return true;
    };
    if (settle()) return;
    const observer = new MutationObserver(() => {
      if (settle()) observer.disconnect();
    });
    observer.observe(box, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [name, takeFocus]);

  return (
    // biome-ignore lint/a11y/useSemanticElements: a named player, not a set of form controls
    <div
      ref={boxRef}
      role="group"
      aria-label={name}
      tabIndex={-1}
      className="flex aspect-[9/16] justify-center overflow-y-auto rounded-xl bg-white/5"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped, built from Club details
      dangerouslySetInnerHTML={{ __html: embedMarkup({ video, account }) }}
    />
  );
}

// A bundled thumbnail's name, or an image address (https, or an upload's /media/ address).
const thumbnailSrc = (thumbnail: string | undefined) =>
  thumbnail && /^(https:\/\/|\/)/.test(thumbnail) ? thumbnail : videoThumbnail(thumbnail);

function VideoThumbnail({
  video,
  account,
  hydrated,
  onPlay,
}: {
  video: ShortVideo;
  account: string | undefined;
  hydrated: boolean;
  onPlay: () => void;
}) {
  const src = thumbnailSrc(video.thumbnail);
  const picture = (
    <>
      {src ? (
        <MediaImage
          src={src}
          alt=""
          sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 62vw"
          width={360}
          height={640}
          loading="lazy"
          decoding="async"
          className="aspect-[9/16] w-full object-cover transition-transform duration-500 group-hover:scale-105"
        />
      ) : (
        // No thumbnail: a tile in the club's colours with the TikTok mark (the title is below).
        <span
          aria-hidden="true"
          className="flex aspect-[9/16] w-full items-center justify-center bg-gradient-to-b from-club to-slate-950"
        >
          <SocialIcon network="tiktok" className="size-16 text-white/40" />
        </span>
      )}
      <span
        aria-hidden="true"
        className="absolute inset-0 bg-gradient-to-t from-black/70 via-transparent to-transparent"
      />
      <span className="absolute inset-x-0 bottom-0 flex items-center gap-3 p-4">
        <span className="flex size-14 items-center justify-center rounded-full bg-accent text-accent-contrast shadow-lg transition-transform group-hover:scale-110">
          <PlayIcon className="ml-1 size-7" />
        </span>
        <span className="font-display text-lg font-bold uppercase tracking-wide text-white">
          {hydrated ? "Play video" : "Watch on TikTok"}
        </span>
      </span>
    </>
  );
  const frame =
    "group relative block overflow-hidden rounded-xl bg-club ring-1 ring-white/10 text-left";
  if (!hydrated) {
    return (
      <ExternalLink
        href={videoUrl({ video, account })}
        className={frame}
        label={`Watch on TikTok: ${video.title}`}
      >
        {picture}
      </ExternalLink>
    );
  }
  return (
    <button
      type="button"
      onClick={onPlay}
      aria-label={`Play video: ${video.title}`}
      className={frame}
    >
      {picture}
    </button>
  );
}
