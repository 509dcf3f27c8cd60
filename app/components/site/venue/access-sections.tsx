import type { AccessSection } from "../../../domain/venues/rules.ts";
import { MediaImage } from "../media-image.tsx";

// A venue's access guide on its page (rules §2 Venue page, ADR 031): one headed section per
// topic; what is not known says so, never "No".

export function AccessSections({ sections }: { sections: AccessSection[] }) {
  return (
    <div className="grid gap-5 md:grid-cols-2">
      {sections.map((section) => (
        <section
          key={section.id}
          aria-labelledby={`access-${section.id}`}
          className="rounded-xl border-t-4 border-club bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
        >
          <h2
            id={`access-${section.id}`}
            className="font-display text-2xl font-extrabold uppercase leading-tight text-slate-900"
          >
            {section.title}
          </h2>
          {section.items.length === 0 ? (
            <p className="mt-3 text-slate-700">Not checked yet: ask the club before you travel.</p>
          ) : (
            <dl className="mt-3 space-y-3">
              {section.items.map((item) => (
                <div key={item.label}>
                  <dt className="text-sm font-semibold uppercase tracking-wide text-slate-600">
                    {item.label}
                  </dt>
                  <dd className="mt-0.5 whitespace-pre-line text-lg text-slate-900">
                    {item.value}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      ))}
    </div>
  );
}

export function AccessPhotos({ photos }: { photos: { src: string; alt: string }[] }) {
  if (photos.length === 0) return null;
  return (
    <section aria-labelledby="access-photos" className="mt-12">
      <h2 id="access-photos" className="section-title text-slate-900">
        Photos
      </h2>
      <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {photos.map((photo) => (
          <li key={photo.src}>
            <figure className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
              <MediaImage
                src={photo.src}
                alt={photo.alt}
                width={1200}
                height={800}
                sizes="(min-width: 1024px) 22rem, (min-width: 640px) 45vw, calc(100vw - 2.5rem)"
                loading="lazy"
                className="aspect-[3/2] w-full object-cover"
              />
              <figcaption className="p-4 text-slate-800">{photo.alt}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
