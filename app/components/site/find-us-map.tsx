import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { useConsent } from "../../browser/consent.ts";
import { hasAddress } from "../../domain/club/rules.ts";
import { mayLoadEmbed } from "../../domain/site/consent.ts";
import { ExternalLink } from "./external-link.tsx";
import { MapPinIcon } from "./page-icons/map-pin.tsx";
import { useClub } from "./use-club.ts";

// The contact page's 'Find Us' map (rules §2 Contact, decisions 19): the address as text,
// and an OpenStreetMap map that loads only when the visitor asks for it (the 'Show the map'
// link, which works without JavaScript too) or has accepted cookies.

const MAP_EMBED_ORIGIN = "https://www.openstreetmap.org";

function mapUrls({ latitude, longitude }: { latitude: number; longitude: number }) {
  const bbox = [longitude - 0.012, latitude - 0.006, longitude + 0.012, latitude + 0.006]
    .map((value) => value.toFixed(5))
    .join(",");
  return {
    embed: `${MAP_EMBED_ORIGIN}/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${latitude},${longitude}`,
    full: `${MAP_EMBED_ORIGIN}/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`,
  };
}

export function FindUsMap() {
  const consent = useConsent();
  const [searchParams] = useSearchParams();
  const show = mayLoadEmbed({ consent, requested: searchParams.get("map") === "show" });
  const club = useClub();
  const located = hasAddress(club.address);
  const { address } = club;
  const urls = mapUrls(club.map);
  const frameRef = useRef<HTMLIFrameElement>(null);
  // ADR 011: 'Show the map' replaces itself with the map; focus follows it there
  // instead of falling to the page (the frame has a title to announce).
  const focusFrame = useRef(false);
  useEffect(() => {
    if (!show || !focusFrame.current) return;
    focusFrame.current = false;
    frameRef.current?.focus();
  }, [show]);

  // decisions 35: no address yet (a new club), no 'Find Us' and no map of nowhere.
  if (!located) return null;
  return (
    <section id="find-us" aria-labelledby="find-us-title" className="bg-slate-100">
      <div className="mx-auto grid max-w-6xl gap-10 px-5 py-16 sm:px-8 sm:py-20 lg:grid-cols-[1fr_1.7fr]">
        <div>
          <p className="kicker text-club">Home ground</p>
          <h2 id="find-us-title" className="section-title mt-2 text-slate-900">
            Find Us
          </h2>
          <address className="mt-6 flex gap-3 text-lg not-italic leading-relaxed text-slate-800">
            <MapPinIcon className="mt-1 size-6 shrink-0 text-club" />
            <span>
              <strong className="font-semibold text-slate-900">{address.venue}</strong>
              <br />
              {address.street}
              <br />
              {address.locality} {address.postcode}
              <br />
              {address.country}
            </span>
          </address>
          <p className="mt-6">
            <ExternalLink
              href={urls.full}
              className="inline-flex min-h-11 items-center font-semibold text-club underline underline-offset-4 hover:no-underline"
            >
              Open in OpenStreetMap
            </ExternalLink>
          </p>
        </div>

        {/* The placeholder sits in the flow, so with large or spaced text the box grows to
            hold it (an aspect ratio is only a minimum) instead of cutting it off. */}
        <div className="relative grid aspect-[4/3] min-w-0 rounded-xl bg-white shadow-sm ring-1 ring-slate-200 sm:aspect-[16/10]">
          {show ? (
            <iframe
              ref={frameRef}
              title={`Map of ${address.venue}, ${address.locality}`}
              src={urls.embed}
              loading="lazy"
              referrerPolicy="no-referrer-when-downgrade"
              className="absolute inset-0 size-full rounded-xl border-0"
            />
          ) : (
            <div className="map-placeholder flex items-center justify-center rounded-xl p-4">
              <div className="flex max-w-sm min-w-0 flex-col items-center gap-3 rounded-xl bg-white/95 p-5 text-center shadow-lg sm:p-6">
                <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-club text-accent">
                  <MapPinIcon className="size-6" />
                </span>
                <p className="text-slate-800">
                  The map comes from OpenStreetMap. Showing it loads content from their website.
                </p>
                <Link
                  to="?map=show#find-us"
                  preventScrollReset
                  replace
                  onClick={() => {
                    focusFrame.current = true;
                  }}
                  className="button-primary"
                >
                  Show the map
                </Link>
              </div>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
