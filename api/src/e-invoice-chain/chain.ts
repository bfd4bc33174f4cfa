// The Saudi e-invoice chain's one writer (issue 75, decision 75): a SQLite Durable Object per stamp owns
// the invoice counter (ICV) and the previous invoice hash (PIH). Each request is numbered, built, hashed,
// signed and stored in one synchronous transaction: nothing else runs in the object between reading the
// chain's head and writing the document after it, so concurrent requests from any number of isolates
// get consecutive counters, and a crash before the commit leaves neither a number used nor a document
// half stored (SQLite rolls the transaction back; the caller retries with the same key). A document in
// the chain is never changed: the table has no UPDATE of its content; reporting changes only its status
// (settle).
import { DurableObject } from 'cloudflare:workers';
import { buildDocument, type DocumentInput, FIRST_PIH, signDocument } from '../e-invoices';
import { type StampAnswer, type StampConfig, stampCheck } from './stamp';

/** What the caller gives: the document's data; the chain adds ICV, PIH, UUID and the issue time. */
export type ChainRequest = Omit<DocumentInput, 'icv' | 'pih' | 'uuid' | 'issuedAt'> & {
  /**
   * The caller's idempotency key, unique across kinds (`order:<id>`, `refund:<id>`): the same key always
   * gives the same document, never a second counter.
   */
  key: string;
};

export interface ChainDocument {
  key: string;
  icv: number;
  uuid: string;
  invoiceHash: string;
  xml: string;
  /** 'signed': in the chain, awaiting reporting; then ZATCA's verdict: 'reported', 'warning' or 'refused'. */
  status: string;
  issuedAt: number;
}

/** The document, or why nothing was signed (no usable stamp now, stamp.ts): the caller records it and asks again. */
type ChainAnswer = { ok: true; document: ChainDocument } | Extract<StampAnswer, { ok: false }>;

type Row = {
  key: string;
  icv: number;
  uuid: string;
  invoice_hash: string;
  xml: string;
  status: string;
  issued_at: number;
};

const asDocument = (r: Row): ChainDocument => ({
  key: r.key,
  icv: r.icv,
  uuid: r.uuid,
  invoiceHash: r.invoice_hash,
  xml: r.xml,
  status: r.status,
  issuedAt: r.issued_at,
});

export class EInvoiceChain extends DurableObject<ApiEnv> {
  constructor(ctx: DurableObjectState, env: ApiEnv) {
    super(ctx, env);
    // icv is the primary key: a repeat cannot be stored; key and uuid are unique: one document per sale.
    ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS documents (
      icv INTEGER PRIMARY KEY,
      key TEXT NOT NULL UNIQUE,
      uuid TEXT NOT NULL UNIQUE,
      invoice_hash TEXT NOT NULL,
      xml TEXT NOT NULL,
      status TEXT NOT NULL,
      issued_at INTEGER NOT NULL
    )`);
  }

  #byKey(key: string): ChainDocument | null {
    const row = this.ctx.storage.sql.exec<Row>('SELECT * FROM documents WHERE key = ?', key).toArray()[0];
    return row ? asDocument(row) : null;
  }

  /**
   * The next document of the chain for `request`, or the one already issued for its key. `material` is
   * the stamp in use (api/src/e-invoice-stamp): the caller's, checked here at the moment of signing, so
   * nothing is signed with a key its certificate does not certify or outside the certificate's validity.
   */
  async issue(request: ChainRequest, material: StampConfig): Promise<ChainAnswer> {
    const known = this.#byKey(request.key);
    if (known) return { ok: true, document: known };
    const stamp = stampCheck(material, Date.now());
    if (!stamp.ok) return stamp;
    // From here on nothing awaits: the object runs this to the end before any other request.
    return this.ctx.storage.transactionSync((): ChainAnswer => {
      const again = this.#byKey(request.key);
      if (again) return { ok: true, document: again };
      const head = this.ctx.storage.sql
        .exec<{ icv: number; invoice_hash: string }>(
          'SELECT icv, invoice_hash FROM documents ORDER BY icv DESC LIMIT 1',
        )
        .toArray()[0];
      const issuedAt = Date.now();
      const icv = (head?.icv ?? 0) + 1;
      const uuid = crypto.randomUUID();
      const { key, ...data } = request;
      const pih = head?.invoice_hash ?? FIRST_PIH;
      const built = buildDocument({ ...data, icv, pih, uuid, issuedAt });
      const signed = signDocument(built.xml, stamp.stamp, issuedAt);
      const row = this.ctx.storage.sql
        .exec<Row>(
          `INSERT INTO documents (icv, key, uuid, invoice_hash, xml, status, issued_at)
           VALUES (?, ?, ?, ?, ?, 'signed', ?) RETURNING *`,
          icv,
          key,
          uuid,
          signed.invoiceHash,
          signed.xml,
          issuedAt,
        )
        .one();
      return { ok: true, document: asDocument(row) };
    });
  }

  /** The chain's documents after `afterIcv`, in order (reporting and the tests read the chain so). */
  async documents(afterIcv = 0, limit = 100): Promise<ChainDocument[]> {
    return this.ctx.storage.sql
      .exec<Row>('SELECT * FROM documents WHERE icv > ? ORDER BY icv LIMIT ?', afterIcv, limit)
      .toArray()
      .map(asDocument);
  }

  /**
   * The documents ZATCA has not answered yet, oldest first: reporting sends them in the chain's order
   * (api/src/e-invoice-reporting/), and the oldest one's issue time is how long the unit has waited.
   */
  async unreported(limit = 20): Promise<ChainDocument[]> {
    return this.ctx.storage.sql
      .exec<Row>("SELECT * FROM documents WHERE status = 'signed' ORDER BY icv LIMIT ?", limit)
      .toArray()
      .map(asDocument);
  }

  /**
   * Reporting's only write to the chain: ZATCA's verdict as the document's status, once (a signed
   * document only). Its XML, hash, counter and UUID are never touched.
   */
  async settle(key: string, status: 'reported' | 'warning' | 'refused'): Promise<boolean> {
    const changed = this.ctx.storage.sql.exec(
      "UPDATE documents SET status = ? WHERE key = ? AND status = 'signed'",
      status,
      key,
    );
    return changed.rowsWritten > 0;
  }
}
