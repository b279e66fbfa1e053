import { useState } from "react";

/**
 * A submission's piece from `GET /api/submissions/{id}/image` (only its artist and admins may load
 * it), scaled with hard pixel edges; "Failed to load image" in its place when it does not load.
 */
export function SubmissionImage({ src, name, className = "" }: { src: string; name: string; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const base = `aspect-square w-full rounded-md bg-neutral-100 dark:bg-neutral-800 ${className}`;
  if (failed === src) {
    return (
      <div
        role="img"
        aria-label={`${name}: failed to load image`}
        className={`${base} grid place-items-center p-2 text-center text-xs text-neutral-600 dark:text-neutral-300`}
      >
        Failed to load image
      </div>
    );
  }
  return <img src={src} alt={name} width={288} height={288} loading="lazy" onError={() => setFailed(src)} className={`${base} [image-rendering:pixelated]`} />;
}
