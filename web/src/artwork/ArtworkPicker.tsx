import * as Tabs from "@radix-ui/react-tabs";
import { useEffect, useId, useState } from "react";
import { ACCEPTED_IMAGE_TYPES, SUBMISSION_LIMITS } from "@pixlings/shared/http/submissions";
import { ui } from "../components/ui.ts";
import type { ArtworkSource } from "./artworkSource.ts";
import { newDrawing } from "./drawing.ts";
import { PixelEditor } from "./PixelEditor.tsx";

/** A data: URL of the chosen file (the CSP allows data: images, not blob:), or null while none or unreadable. */
function useFilePreview(file: File | null): string | null {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    setPreview(null);
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === "string" ? reader.result : null);
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return preview;
}

function UploadPanel({ file, onFile }: { file: File | null; onFile(file: File | null): void }) {
  const inputId = useId();
  const preview = useFilePreview(file);
  return (
    <div className="flex flex-col gap-3">
      <label htmlFor={inputId} className="text-sm font-medium">
        Image file
      </label>
      <input
        id={inputId}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(",")}
        aria-describedby={`${inputId}-hint`}
        className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-violet-700 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-white dark:file:bg-violet-400 dark:file:text-neutral-950"
        onChange={(event) => onFile(event.target.files?.[0] ?? null)}
      />
      <p id={`${inputId}-hint`} className={`text-xs ${ui.muted}`}>
        A square PNG, JPEG, GIF, WebP, AVIF or TIFF of at most {SUBMISSION_LIMITS.uploadMaxBytes / (1024 * 1024)} MB. It becomes 9x9 pixels with at most{" "}
        {SUBMISSION_LIMITS.maxColors} colours; the server tells you if it cannot.
      </p>
      {file && preview && (
        <img
          src={preview}
          alt={`Preview of ${file.name}`}
          className="aspect-square w-36 rounded-md border border-neutral-300 object-contain [image-rendering:pixelated] dark:border-neutral-700"
        />
      )}
    </div>
  );
}

/**
 * The piece of a submission: drawn in the 9x9 editor, or an image file with its preview. The tab
 * shown is what is sent; each keeps its own state while the other is shown.
 */
export function ArtworkPicker({ onChange, initialKind = "draw" }: { onChange(source: ArtworkSource): void; initialKind?: ArtworkSource["kind"] }) {
  const [kind, setKind] = useState<ArtworkSource["kind"]>(initialKind);
  const [drawing, setDrawing] = useState(newDrawing);
  const [file, setFile] = useState<File | null>(null);
  const show = (next: ArtworkSource) => {
    setKind(next.kind);
    onChange(next);
  };
  return (
    <Tabs.Root
      value={kind}
      onValueChange={(value) => show(value === "upload" ? { kind: "upload", file } : { kind: "draw", drawing })}
      className="flex flex-col gap-3"
    >
      <Tabs.List aria-label="How to make the artwork" className="flex flex-wrap gap-1">
        <Tabs.Trigger value="draw" className={ui.tab}>
          Draw 9x9
        </Tabs.Trigger>
        <Tabs.Trigger value="upload" className={ui.tab}>
          Upload image
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="draw">
        <PixelEditor
          drawing={drawing}
          onChange={(next) => {
            setDrawing(next);
            show({ kind: "draw", drawing: next });
          }}
        />
      </Tabs.Content>
      <Tabs.Content value="upload">
        <UploadPanel
          file={file}
          onFile={(next) => {
            setFile(next);
            show({ kind: "upload", file: next });
          }}
        />
      </Tabs.Content>
    </Tabs.Root>
  );
}
