// Saudi e-invoices as ZATCA answered them (issue 75): the owner's list in the back office.
export const staffEInvoicesEn = {
  st_nav_e_invoices: 'E-invoices sent to ZATCA',
  st_einv_title: 'E-invoices and ZATCA',
  st_einv_intro:
    'Every Saudi sale and refund is reported to ZATCA within 24 hours of the sale. Documents ZATCA refused or answered with warnings, and those still waiting, are listed here with ZATCA’s own messages.',
  st_einv_overdue: {
    one: '{{count}} document has waited more than 12 hours to be reported. ZATCA must have it within 24 hours of the sale.',
    other:
      '{{count}} documents have waited more than 12 hours to be reported. ZATCA must have them within 24 hours of the sale.',
  },
  st_einv_no_csid:
    'Documents are waiting: the shop has no production CSID to report with yet. Finish the onboarding on the E-invoicing page.',
  st_einv_csid_refused:
    'Documents are waiting: ZATCA no longer accepts the shop’s CSID (it has expired or was revoked). Renew it on the E-invoicing page.',
  st_einv_cannot_sign:
    'Documents are waiting to be signed: the shop’s stamp is missing or its certificate is not valid now.',
  st_einv_refused_count: {
    one: '{{count}} document refused by ZATCA',
    other: '{{count}} documents refused by ZATCA',
  },
  st_einv_warning_count: {
    one: '{{count}} document reported with warnings',
    other: '{{count}} documents reported with warnings',
  },
  st_einv_pending_count: { one: '{{count}} document waiting', other: '{{count}} documents waiting' },
  st_einv_status: 'ZATCA’s answer',
  st_einv_filter_attention: 'Needing attention',
  st_einv_filter_all: 'All',
  st_einv_from: 'Issued from',
  st_einv_to: 'Issued to',
  st_einv_empty: 'No document matches these filters.',
  st_einv_document: 'Document',
  st_einv_for: 'For',
  st_einv_issued: 'Issued',
  st_einv_total: 'Total',
  st_einv_messages: 'ZATCA’s messages',
  st_einv_kind_invoice: 'Simplified tax invoice',
  'st_einv_kind_credit-note': 'Credit note',
  'st_einv_kind_debit-note': 'Debit note (a failed refund reversed)',
  st_einv_counter: 'Counter {{icv}}',
  st_einv_for_order: 'Order #{{order}}',
  st_einv_for_refund: 'Refund #{{refund}} of order #{{order}}',
  st_einv_for_booking: 'Booking {{ref}}',
  st_einv_status_pending: 'Waiting',
  st_einv_status_reported: 'Reported',
  st_einv_status_warning: 'Reported with warnings',
  st_einv_status_refused: 'Refused',
  st_einv_tries: { one: '{{count}} try so far', other: '{{count}} tries so far' },
  st_einv_next_try: 'Next try {{date}}',
  st_einv_not_signed: 'Not signed yet: {{reason}}',
  st_einv_answered: 'Answered {{date}}',
} as const;
