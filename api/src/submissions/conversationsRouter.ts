import { Router, type Response } from "express";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { SUBMISSION_LIMITS, type ConversationMessage, type PostMessageRequest } from "@pixlings/shared/http/submissions";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { submissionMessages } from "../db/tables/submissions.ts";
import { recordAudit } from "../audit/recordAudit.ts";
import { findActingArtist } from "../impersonation/actingArtist.ts";
import { sendPiecePng, imageSizeQuery } from "../artwork/sendPiecePng.ts";
import { fromStored } from "../artwork/storedArt.ts";
import { hitRateLimit } from "../http/rateLimit.ts";
import { requestBody } from "../http/requestBody.ts";
import { route } from "../http/route.ts";
import { storyText } from "../owners/storyText.ts";
import { chatReaderOf, markRead } from "./chatReads.ts";
import { submissionAccess, submissionAccessOf } from "./submissionAccess.ts";

const MESSAGES = { name: "submission-message", limit: 30, windowMs: 60_000 };

const MessageBody = requestBody<PostMessageRequest>()(
  z.object({
    message: storyText("message", SUBMISSION_LIMITS.messageMax, { lineBreaks: true })
      .refine((message) => message !== null, "Please write a message")
      .transform((message): string => message!),
  }),
);

type MessageRow = typeof submissionMessages.$inferSelect;

const toMessage = (row: MessageRow): ConversationMessage => ({
  id: row.id,
  submissionId: row.submissionId,
  message: row.message,
  senderType: row.senderType,
  senderName: row.senderName,
  messageType: row.messageType,
  createdAt: row.createdAt.toISOString(),
});

/**
 * A submission's own routes (role: its approved artist, and admins): `GET /api/submissions/{id}/image`
 * (PNG), `GET /api/submissions/{id}/conversations` (which marks them read by the caller) and `POST`
 * the same (a text message).
 */
export function conversationsRouter({ db, config }: { db: Db; config: ApiConfig }): Router {
  const router = Router();
  const access = submissionAccess({ db, config });

  router.get(
    "/api/submissions/:id/image",
    access,
    route({ query: imageSizeQuery }, ({ query }, req, res: Response<Buffer>) => {
      const { submission } = submissionAccessOf(res);
      const etag = `"submission-${submission.id}-v${submission.artVersion}-${query.size ?? "288"}"`;
      res.set("ETag", etag);
      if (req.headers["if-none-match"] === etag) {
        res.set("Cache-Control", "private, no-cache").status(304).end();
        return;
      }
      sendPiecePng(res, fromStored(submission), query.size, "private, no-cache");
    }),
  );

  router.get(
    "/api/submissions/:id/conversations",
    access,
    route({}, async (_input, _req, res: Response<ConversationMessage[]>) => {
      const { submission, user } = submissionAccessOf(res);
      const rows = await db.select().from(submissionMessages).where(eq(submissionMessages.submissionId, submission.id)).orderBy(asc(submissionMessages.id));
      // Shown to the reader now: read up to the last one (the unread markers of the lists).
      const last = rows.at(-1);
      if (last) await markRead(db, chatReaderOf(user), submission.id, last.id);
      res.set("Cache-Control", "no-store").json(rows.map(toMessage));
    }),
  );

  router.post(
    "/api/submissions/:id/conversations",
    access,
    route({ body: MessageBody }, async ({ body }, _req, res: Response<ConversationMessage>) => {
      const { submission, user, as, senderName } = submissionAccessOf(res);
      await hitRateLimit(db, MESSAGES, `user:${user.id}`);
      const impersonating = as === "admin" && (await findActingArtist(db, user))?.impersonation;
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(submissionMessages)
          .values({ submissionId: submission.id, senderType: as, senderUserId: user.id, senderName, messageType: "text", message: body.message })
          .returning();
        // An admin writing from an artist's dashboard they impersonate: on the record as theirs.
        if (impersonating) {
          await recordAudit(tx, user, { action: "as-artist.message", artistId: submission.artistId, submissionId: submission.id });
        }
        return inserted!;
      });
      res.status(201).json(toMessage(row));
    }),
  );

  return router;
}
