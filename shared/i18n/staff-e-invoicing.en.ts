// The back office's E-invoicing page (issue 75): the seller's legal data on every Saudi e-invoice and
// the stamp's onboarding with ZATCA (Fatoora), step by step, then its renewal.
export const staffEInvoicingEn = {
  e_invoicing_seller_saved: 'The seller’s data is saved.',
  e_invoicing_keys_made: 'The key pair and the certificate signing request are made.',
  e_invoicing_compliance_csid_issued: 'ZATCA issued the compliance certificate.',
  e_invoicing_checks_passed: 'Every sample document passed ZATCA’s compliance checks.',
  e_invoicing_production_csid_issued:
    'ZATCA issued the production certificate: Saudi e-invoices are signed and reported with it.',
  e_invoicing_renewed: 'The certificate is renewed.',
  e_invoicing_seller_missing: 'Save the seller’s data first: the certificate request is made from it.',
  e_invoicing_step_out_of_order: 'This step is not the next one: the page shows where the onboarding stands.',
  e_invoicing_no_active_stamp: 'There is no certificate in use to renew: onboard first.',
  e_invoicing_otp_refused:
    'ZATCA did not accept the one-time code. Take a new one from the Fatoora portal and try again.',
  e_invoicing_zatca_refused: 'ZATCA refused this step. Its messages are below; correct what they name and try again.',
  e_invoicing_zatca_unavailable:
    'ZATCA could not be reached. Nothing was changed; try the step again in a few minutes.',
  e_invoicing_vat_format: 'A Saudi VAT number is 15 digits, starting and ending with 3.',
  e_invoicing_cr_format: 'The commercial registration number is 10 digits.',
  e_invoicing_building_format: 'The building number is 4 digits.',
  e_invoicing_postal_code_format: 'The postal code is 5 digits.',
  e_invoicing_text_too_long: 'This is too long.',
  e_invoicing_unit_format: 'Use letters, digits and spaces (no “|”).',
  e_invoicing_otp_format: 'The one-time code is digits only.',

  st_nav_e_invoicing: 'E-invoicing set-up (ZATCA)',
  st_einvoicing_title: 'E-invoicing (ZATCA)',
  st_einvoicing_intro:
    'Every Saudi sale and refund becomes an e-invoice signed with the shop’s stamp and reported to ZATCA. Here you enter the seller’s data the invoices carry and connect the stamp to ZATCA, in ZATCA’s order.',
  st_einv_environment: 'ZATCA environment: {{name}}',
  st_einv_env_local: 'the shop’s local stand-in',
  st_einv_env_sandbox: 'developer portal (sandbox)',
  st_einv_env_simulation: 'simulation',
  st_einv_env_production: 'production',
  st_einv_env_hint_local: 'Test certificates from the shop itself: nothing reaches ZATCA. Any six-digit code works.',
  st_einv_env_hint_sandbox: 'ZATCA’s developer portal: test certificates, nothing is a tax record.',
  st_einv_env_hint_simulation:
    'ZATCA’s simulation: your real VAT number, a one-time code from the simulation portal; nothing is a tax record.',
  st_einv_env_hint_production: 'Real reporting: codes come from the Fatoora portal, every document is a tax record.',
  st_einv_env_change:
    'The environment is set in the shop’s configuration (ZATCA_ENVIRONMENT); each one needs its own onboarding.',

  st_einv_seller_title: 'The seller on every invoice',
  st_einv_seller_intro:
    'Exactly as registered with ZATCA: the documents carry these, and the certificate request is made from them.',
  st_einv_name_ar: 'Registered name (Arabic)',
  st_einv_vat_number: 'VAT number',
  st_einv_cr_number: 'Commercial registration number',
  st_einv_address: 'National Address',
  st_einv_street: 'Street',
  st_einv_building: 'Building number',
  st_einv_district: 'District',
  st_einv_city: 'City',
  st_einv_postal_code: 'Postal code',
  st_einv_branch: 'Branch (organisation unit in the certificate)',
  st_einv_business_category: 'Business category',
  st_einv_seller_save: 'Save the seller’s data',

  st_einv_steps_title: 'Onboarding with ZATCA',
  st_einv_step_status_done: 'Done',
  st_einv_step_status_next: 'Next',
  st_einv_step_status_later: 'Later',
  st_einv_step_keys: 'Key pair and certificate request',
  st_einv_step_keys_hint:
    'The shop makes the stamp’s private key (ECDSA, secp256k1) and keeps it sealed: it is never shown or sent. The request names the unit and the seller above.',
  st_einv_unit: 'Name of this solution unit (EGS)',
  st_einv_unit_hint: 'For example the shop’s name and “online”. Renewals keep it.',
  st_einv_keys_submit: 'Make the key pair and request',
  st_einv_keys_again: 'Start again with a new key pair',
  st_einv_step_compliance: 'Compliance certificate',
  st_einv_step_compliance_hint:
    'In the Fatoora portal, open “Onboard new solution unit/device”, generate a one-time code and copy it here. It works for one hour.',
  st_einv_otp: 'One-time code from the Fatoora portal',
  st_einv_compliance_submit: 'Ask ZATCA for the compliance certificate',
  st_einv_step_checks: 'ZATCA’s compliance checks',
  st_einv_step_checks_hint:
    'The shop signs a sample simplified invoice, credit note and debit note with the compliance certificate and ZATCA checks each.',
  st_einv_checks_submit: 'Run the compliance checks',
  st_einv_check_invoice: 'Simplified invoice (388)',
  st_einv_check_credit_note: 'Credit note (381)',
  st_einv_check_debit_note: 'Debit note (383)',
  st_einv_step_production: 'Production certificate',
  st_einv_step_production_hint: 'Once ZATCA issues it, every Saudi document is signed and reported with it.',
  st_einv_production_submit: 'Ask ZATCA for the production certificate',

  st_einv_last_step: 'What happened last',
  st_einv_outcome_done: 'Done',
  st_einv_outcome_refused: 'Refused by ZATCA',
  st_einv_outcome_unavailable: 'ZATCA could not be reached',
  st_einv_zatca_said: 'ZATCA’s words:',
  st_einv_at: 'At {{time}}',

  st_einv_active_title: 'The stamp in use',
  st_einv_active_none: 'No certificate from ZATCA yet: Saudi documents wait until the onboarding is done.',
  st_einv_active_unit: 'Solution unit: {{unit}}',
  st_einv_active_valid: 'Valid from {{from}} to {{to}}',
  st_einv_renew_soon: {
    one: 'The certificate expires in {{count}} day: renew it now.',
    other: 'The certificate expires in {{count}} days: renew it now.',
  },
  st_einv_expired: 'The certificate has expired: Saudi documents wait unsigned until it is renewed.',
  st_einv_renew_title: 'Renew the certificate',
  st_einv_renew_hint:
    'Before it expires: take a new one-time code from the Fatoora portal (“Renew existing cryptographic stamp”). The shop makes a new key pair; the chain of invoices goes on.',
  st_einv_renew_otp: 'One-time code for the renewal (Fatoora portal)',
  st_einv_renew_submit: 'Renew with ZATCA',
  st_einv_csr: 'The certificate request (public)',
} as const;
