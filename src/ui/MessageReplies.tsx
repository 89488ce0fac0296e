import type { MessageReply } from '../domain/types.ts';

/** A message's replies in order, as the writer and the staff both read them. */
export function MessageReplies({ replies }: { replies: MessageReply[] }) {
  return replies.map((r) => (
    <div key={r.replyId} className="message-reply">
      <p className="message-text">{r.body}</p>
      <div className="hint">{r.createTime}</div>
    </div>
  ));
}
