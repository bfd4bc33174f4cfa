// Static pages and their forms (our story, terms, contact us, become a supplier …). The long page
// texts live in client/content/static-pages.*.ts; this file holds the interface strings.
export const staticPagesEn = {
  static_pages_label: 'Information pages',
  static_toc_title: 'On this page',
  site_index_intro: 'Every page of the shop, in one place.',

  // API message key (shared/api/message-keys.ts): the hourly limit of the forms
  too_many_requests: 'You have sent this form several times in the last hour. Please try again later.',

  // Form validation (next to the spec keys mandatory-field, item_validation_error, min_chars_validation_error)
  form_categories_required: 'Choose at least one category',

  // Form parts shared by both forms
  form_required_note: 'Fields marked * are required.',
  form_sending: 'Sending…',
  form_privacy_note: 'We use these details only to answer you. Read our {{link}}.',
  form_email_label: 'Email',
  form_email_noun: 'email address',
  form_phone_noun: 'phone number',
  form_phone_hint: 'With the country code, for example +965\u00a02200\u00a00000',

  // Contact us
  contact_form_title: 'Send us a message',
  contact_name_label: 'Full name',
  contact_phone_label: 'Phone or WhatsApp',
  contact_subject_label: 'Subject',
  contact_subject_placeholder: 'Choose a subject',
  contact_subject_order: 'Question about an order',
  contact_subject_product: 'Question about a product',
  contact_subject_blood_test: 'Blood tests',
  contact_subject_returns: 'Returns and refunds',
  contact_subject_partnership: 'Partnerships and media',
  contact_subject_other: 'Something else',
  contact_message_label: 'Message',
  contact_message_hint: 'If your question is about an order, please include the order number.',
  contact_submit: 'Send message',
  contact_success_title: 'Thank you, your message has been sent',
  contact_success_body: 'Our customer care team will reply within one working day. Your reference number is {{ref}}.',
  contact_send_another: 'Send another message',
  contact_details_title: 'Other ways to reach us',
  contact_phone_title: 'Phone and WhatsApp',
  contact_whatsapp_link: 'Message us on WhatsApp',
  contact_hours_title: 'Customer care hours',
  contact_hours_value: 'Saturday to Thursday, 9 am to 9 pm (UTC+3)',
  contact_hours_friday: 'Closed on Fridays; messages sent then are answered the next working day.',

  // Become a supplier
  supplier_form_title: 'Apply to become a supplier',
  supplier_company_label: 'Company name',
  supplier_contact_label: 'Contact person',
  supplier_phone_label: 'Phone',
  supplier_country_label: 'Country',
  supplier_country_hint: 'Where your company is based',
  supplier_country_placeholder: 'Choose a country',
  supplier_country_other: 'Another country',
  supplier_website_label: 'Website',
  supplier_website_noun: 'website address',
  supplier_website_hint: 'For example www.yourbrand.com',
  supplier_categories_label: 'Product categories you supply',
  supplier_categories_hint: 'Choose all that apply.',
  supplier_category_vitamins: 'Vitamins',
  supplier_category_minerals: 'Minerals and omega-3',
  supplier_category_sports: 'Sports nutrition',
  supplier_category_herbal: 'Herbal and natural products',
  supplier_category_beauty: 'Hair, skin and nails',
  supplier_category_kids: 'Children’s health',
  supplier_category_weight: 'Weight management',
  supplier_category_devices: 'Health devices and home tests',
  supplier_message_label: 'Description of your products',
  supplier_message_hint: 'Your brands, the countries they are registered in, and where you sell today.',
  supplier_submit: 'Send application',
  supplier_success_title: 'Thank you, your application has been received',
  supplier_success_body:
    'Our purchasing team reviews every application within 10 working days and will contact you by email. Your reference number is {{ref}}.',
  // Company details (shared/company.ts) in the footer, contact and legal pages
  company_details_title: 'Company details',
  // The privacy policy's laws per country (shared/countries/<code>/legal.ts)
  privacy_laws_title: 'Data protection law in each country',
  emergency_numbers_title: 'Emergency numbers',
  emergency_general: 'Emergencies',
  emergency_ambulance: 'Ambulance',
  privacy_law: 'Law',
  privacy_regulator: 'Authority',
  privacy_regulator_site: 'Website',
} as const;
