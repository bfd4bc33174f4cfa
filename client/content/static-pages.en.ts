// Texts of the information pages, in English. This object defines the structure: the Arabic file is
// typed against it (same pages, same sections with the same ids, same paragraph and list counts).
// Each page: title (the page heading), intro, and sections with an id (the #anchor), a heading, its
// paragraphs and an optional bullet list shown after them. Loaded per language by ./index.tsx.
import { COMPANY } from '#shared/company';
import { RETENTION } from '#shared/data-rights/retention-figures';
import type { ContentPageId, PageContent } from './page-content';

export const staticPagesEn = {
  'our-story': {
    title: 'Our story',
    intro:
      'Gulf Vitamins started with a simple idea: people across the Gulf should be able to find the supplements they need, genuine, fresh and explained in their own language, and have them delivered fast at a fair price.',
    sections: [
      {
        id: 'why-we-started',
        heading: 'Why we started',
        paragraphs: [
          'Buying supplements in the Gulf often meant guesswork. Shelves were full of imported products with labels only in English, the same vitamin cost very different amounts from one shop to the next, and there was no way to know whether a bottle had spent the summer in a hot warehouse.',
          'We set out to build the shop we wanted for our own families: a carefully chosen range, clear information in Arabic and English, honest prices in each country’s own currency, and delivery you can count on.',
        ],
      },
      {
        id: 'how-we-choose',
        heading: 'How we choose our products',
        paragraphs: [
          'Every product on Gulf Vitamins comes from the brand itself or from its authorised distributor. Before a product is listed, our team checks its documents, its labelling and whether it may be sold in each country we deliver to.',
        ],
        items: [
          'Genuine products only, from brands and their authorised distributors.',
          'Supplements that are sold without a prescription.',
          'Expiry dates checked on arrival: we do not ship products close to their expiry date.',
          'Clear ingredients and suggested use in both Arabic and English.',
        ],
      },
      {
        id: 'made-for-the-gulf-climate',
        heading: 'Stored and delivered with the Gulf climate in mind',
        paragraphs: [
          'Heat and humidity shorten the life of vitamins, probiotics and oils. Our stock is kept in temperature-controlled storage, and in the summer months heat-sensitive products travel in insulated packaging.',
          'Orders usually arrive within a few working days, depending on the country and the city: the checkout shows the day we expect to deliver before you order.',
        ],
      },
      {
        id: 'guidance',
        heading: 'Guidance, not guesswork',
        paragraphs: [
          'A supplement only helps if it is the right one for you. That is why the shop offers a short supplement quiz, advice from qualified nutritionists, and blood tests carried out by licensed laboratories, so you can see what your body actually needs.',
          'We do not replace your doctor. We encourage everyone to speak to a doctor or pharmacist before starting a new supplement, especially during pregnancy, while breastfeeding or when taking medicines.',
        ],
      },
      {
        id: 'our-promise',
        heading: 'Our promise',
        paragraphs: [
          'Genuine products, fair prices, fast delivery and a customer care team that answers in Arabic and English. If something is not right with your order, tell us and we will put it right.',
        ],
      },
    ],
  },

  terms: {
    title: 'Terms and conditions',
    intro:
      'These terms apply when you use the Gulf Vitamins website and apps or place an order with us. Please read them carefully: by using the shop you accept them.',
    sections: [
      {
        id: 'about-these-terms',
        heading: 'About these terms',
        paragraphs: [
          'The Gulf Vitamins online shop (“we”, “us”) sells health supplements, vitamins, blood tests and nutritionist services to customers in the countries it delivers to, which the country menu at the top of every page lists. These terms, together with our privacy policy and return policy, form the agreement between you and us.',
          'We may update these terms from time to time. The version published on this page when you place an order applies to that order.',
        ],
      },
      {
        id: 'your-account',
        heading: 'Your account',
        paragraphs: [
          'You must be at least 18 years old to create an account and to place an order. Keep your password private: you are responsible for what is done with your account.',
          'Please give accurate contact and delivery details. We may suspend an account that is used for fraud or against these terms.',
        ],
      },
      {
        id: 'products',
        heading: 'Products and information',
        paragraphs: [
          'The supplements we sell are food supplements that do not need a prescription. They are not medicines and are not intended to diagnose, treat, cure or prevent any disease.',
          'Descriptions, images and suggested use come from the manufacturers and are checked by our team, but packaging can change. Always read the label of the product you receive before using it.',
        ],
      },
      {
        id: 'prices-and-payment',
        heading: 'Prices and payment',
        paragraphs: [
          'Prices are shown in the currency of the country you shop in. Where that country charges value added tax, prices include it at the applicable rate, and the checkout and your invoice show it.',
          'Payment is taken when you place your order, by one of the methods offered at checkout. Card payments are processed by our payment provider: we never see or store your full card number.',
          'If a product is listed at an obviously wrong price, we may cancel the order and refund you in full.',
        ],
      },
      {
        id: 'orders',
        heading: 'Orders and availability',
        paragraphs: [
          'Your order is an offer to buy. The contract is made when we confirm the order by email or in the app. Some products have a maximum quantity per order, shown on the product page.',
          'If a product becomes unavailable after you order, we will tell you and refund it, or offer an alternative that you are free to accept or decline.',
        ],
      },
      {
        id: 'delivery',
        heading: 'Delivery',
        paragraphs: [
          'We deliver to addresses in the countries the country menu lists. Delivery times shown at checkout are estimates and depend on the country and the city. Delivery is free for orders above the amount shown in the cart.',
          'Please check your order when it arrives and tell us about any damaged, missing or wrong item within 48 hours.',
        ],
      },
      {
        id: 'blood-tests-and-nutritionists',
        heading: 'Blood tests and nutritionist services',
        paragraphs: [
          'Blood tests are carried out by licensed partner laboratories, at your home or at a collection centre. Results are sent to you for information; please review them with your doctor.',
          'Advice from our nutritionists is general guidance on diet and supplements. It is not a medical diagnosis or treatment.',
        ],
      },
      {
        id: 'wallet-and-promotions',
        heading: 'Wallet and promotions',
        paragraphs: [
          'Wallet credit can only be spent in the shop. It cannot be exchanged for cash or moved to another account, except where the law requires a refund.',
          'Promotion codes, gifts and giveaways have their own conditions and end dates, shown with each offer. One code can be used per order unless the offer says otherwise.',
        ],
      },
      {
        id: 'our-responsibility',
        heading: 'Our responsibility',
        paragraphs: [
          'We are responsible for delivering products that match their description and are fit for sale. We are not responsible for harm caused by using a product against the directions on its label or against medical advice.',
          'Nothing in these terms limits your rights under the consumer protection laws that apply to you.',
        ],
      },
      {
        id: 'law-and-complaints',
        heading: 'Governing law and complaints',
        paragraphs: [
          'Each order is governed by the laws of the country it is delivered in. If you have a complaint, please contact us first through the contact us page: most issues are solved within a few days.',
        ],
      },
    ],
  },

  'privacy-policy': {
    title: 'Privacy policy',
    intro:
      'This policy explains what personal data Gulf Vitamins collects when you use our shop, why we use it, who we share it with, and the choices and rights you have.',
    sections: [
      {
        id: 'who-we-are',
        heading: 'Who we are',
        paragraphs: [
          `Gulf Vitamins runs this online shop for customers in the countries listed at the end of this policy and is responsible for the personal data described here. You can write to us about privacy at ${COMPANY.email}.`,
        ],
      },
      {
        id: 'data-we-collect',
        heading: 'The data we collect',
        paragraphs: ['We collect only what we need to run the shop:'],
        items: [
          'Account details: your name, email address, phone number and password (stored only in a protected, hashed form).',
          'Order details: delivery addresses, the products you buy, payments and refunds. Card details are handled by our payment provider, not by us.',
          'Health information you choose to share: blood test bookings, results you upload and your answers to the supplement quiz.',
          'Messages you send us through the contact form, the supplier form, email or phone.',
          'Device and usage data: a device identifier, your language and country, and the pages you visit, so the shop works and stays secure.',
        ],
      },
      {
        id: 'why-we-use-it',
        heading: 'Why we use it',
        paragraphs: ['We use your data to:'],
        items: [
          'process, deliver and support your orders and blood test bookings;',
          'run your account, wallet and wishlists;',
          'answer your questions and applications;',
          'prevent fraud and keep the shop secure;',
          'meet our legal, tax and accounting obligations in each country we serve;',
          'send offers by email, SMS or notification, only with your consent, which you can withdraw at any time.',
        ],
      },
      {
        id: 'health-information',
        heading: 'Health information',
        paragraphs: [
          'Blood test results and quiz answers are sensitive. We use them only to provide the service you asked for, we share results only with you and with the laboratory that carries out your test, and our staff see them only when they need to in order to help you.',
        ],
      },
      {
        id: 'sharing',
        heading: 'Who we share it with',
        paragraphs: [
          'We never sell your personal data. We share it only with companies that help us serve you, under contracts that protect it: delivery partners, licensed laboratories, payment providers, and our hosting and messaging services. We also disclose data when the law requires us to.',
        ],
      },
      {
        id: 'retention',
        heading: 'How long we keep it',
        paragraphs: ['We keep each kind of data only as long as we need it or the law requires:'],
        items: [
          `Orders, payments and tax invoices: ${RETENTION.taxRecordYears} years after the end of the year of the sale. Saudi law requires this of tax invoices (the VAT Implementing Regulations, Article 66), and we keep Kuwaiti orders as long. After that period they are kept without your name, address, phone or email (what a tax invoice needs stays: the amounts, tax, items and dates), including in our archive of past orders; if you delete your account sooner, the same happens at once.`,
          `Uploaded blood test result files: until you delete them or your account, or until ${RETENTION.uploadDays} days after you last opened them, whichever comes first; we email you ${RETENTION.uploadNoticeDays} days before. The values you confirmed stay until you delete them.`,
          'Blood test results, the people you booked for, quiz answers and your other health data: until you delete them or your account; then they are erased at once.',
          `An archive of your data that you ask for: ${RETENTION.exportHours} hours, then it is deleted.`,
          `Backups: each nightly backup is kept ${RETENTION.backupDays} days, so data you delete leaves our backups within ${RETENTION.backupDays} days. The health data in them is encrypted.`,
          `Loyalty points, their history and your referral code: while your account lives; if you delete it they go, and your points are lost. The devices you used (to refuse a referral to yourself): ${RETENTION.accountDeviceDays} days after you last used them. The record of a points-expiry reminder: ${RETENTION.pointsNoticeDays} days after the day it named.`,
          'Messages sent through our forms: up to two years. The consent you gave to process health data: its text version and time, without your name, as proof that it was given.',
        ],
      },
      {
        id: 'your-rights',
        heading: 'Your rights',
        paragraphs: [
          'Under the data protection law of the country you shop in (each country’s law and authority are listed at the end of this policy), you have the right to:',
        ],
        items: [
          'get a copy of your data: “Download my data” on your account page prepares an archive of everything we keep (your details, orders and invoices, health data and uploaded files), usually within minutes;',
          'have data that is wrong or incomplete corrected;',
          'delete your account on your account page: your health data is erased at once, and your orders are kept only as tax law requires, without your personal details;',
          'withdraw your consent to marketing at any time;',
          'complain to the data protection authority of your country (listed at the end of this policy).',
        ],
      },
      {
        id: 'security-and-cookies',
        heading: 'Security and cookies',
        paragraphs: [
          'Your data travels over encrypted connections. Session cookies are set so that scripts in the page cannot read them. We use cookies only to keep you signed in, to remember your language, country and cart, and to understand in aggregate how the shop is used.',
        ],
      },
      {
        id: 'changes-and-contact',
        heading: 'Changes and contact',
        paragraphs: [
          `To use any of your rights or to ask a question, write to ${COMPANY.email}; we reply within 30 days. The shop is not meant for children under 18. If we change this policy in an important way, we will tell you in the shop or by email.`,
        ],
      },
    ],
  },

  'return-policy': {
    title: 'Return policy',
    intro:
      'Changed your mind, or received something that is not right? You can return most products within 14 days of delivery. Here is how it works in every country we deliver to.',
    sections: [
      {
        id: 'within-14-days',
        heading: 'Returns within 14 days',
        paragraphs: [
          'You can ask to return a product within 14 days of the day it was delivered. To be accepted, it must be:',
        ],
        items: [
          'unopened, with its safety seal intact;',
          'in its original packaging, with its labels and leaflet;',
          'undamaged, and stored as its label directs.',
        ],
      },
      {
        id: 'not-returnable',
        heading: 'What cannot be returned',
        paragraphs: ['For your safety and that of other customers, we cannot take back:'],
        items: [
          'products that have been opened or whose seal is broken, unless they are faulty;',
          'refrigerated products such as some probiotics, unless they are faulty or arrived warm;',
          'blood tests that have already been carried out, and nutritionist consultations that have taken place;',
          'gift cards and wallet credit.',
        ],
      },
      {
        id: 'damaged-or-wrong-items',
        heading: 'Damaged, wrong or faulty items',
        paragraphs: [
          'If an item arrives damaged, leaking, past its expiry date or different from what you ordered, tell us within 48 hours of delivery and send a photo of the item and its packaging. We will replace it or refund it in full, including any delivery charge, and you do not need to send back an item that is unsafe to ship.',
        ],
      },
      {
        id: 'how-to-return',
        heading: 'How to return a product',
        paragraphs: ['A return takes three steps:'],
        items: [
          'Open the order under My orders and choose Return items: pick the items, tell us why, and add a photo if something arrived damaged. You can also contact us through the contact us page or on WhatsApp with your order number.',
          'We confirm the return and send a courier to collect it from your address.',
          'Hand over the product in its original packaging. Our team checks it within two working days of receiving it.',
        ],
      },
      {
        id: 'refunds',
        heading: 'Refunds',
        paragraphs: [
          'Once the return is approved, we refund the price of the returned items to your original payment method, or to your Gulf Vitamins wallet if you prefer. Wallet refunds are immediate; card refunds usually appear within 5 to 14 working days, depending on your bank.',
          'When you return an item because you changed your mind, the original delivery charge is not refunded and a collection fee may apply; we tell you the amount before you confirm. Returns caused by our mistake are free.',
        ],
      },
      {
        id: 'blood-test-bookings',
        heading: 'Blood test bookings',
        paragraphs: [
          'You can cancel or move a blood test appointment free of charge up to 24 hours before it. Later cancellations may be charged the sample collection fee.',
        ],
      },
      {
        id: 'your-legal-rights',
        heading: 'Your legal rights',
        paragraphs: [
          'This policy does not limit any rights you have under the consumer protection laws of the country your order was delivered in.',
        ],
      },
    ],
  },

  disclaimer: {
    title: 'Disclaimer',
    intro:
      'The information in this shop is here to help you choose, not to replace the advice of a doctor. Please read the following before using any product.',
    sections: [
      {
        id: 'not-medical-advice',
        heading: 'Not medical advice',
        paragraphs: [
          'Product descriptions, articles, quiz suggestions and nutritionist guidance on Gulf Vitamins are general information only. They are not a diagnosis and do not replace professional medical advice, diagnosis or treatment.',
        ],
      },
      {
        id: 'about-supplements',
        heading: 'About food supplements',
        paragraphs: [
          'Food supplements are not medicines. They are not intended to diagnose, treat, cure or prevent any disease, and they should not be used instead of a varied, balanced diet and a healthy lifestyle. Results differ from person to person.',
        ],
      },
      {
        id: 'consult-a-doctor',
        heading: 'Consult a doctor first',
        paragraphs: ['Speak to a doctor or pharmacist before taking a supplement in any of these cases:'],
        items: [
          'pregnancy, breastfeeding or planning a pregnancy;',
          'taking prescription medicines, including blood thinners;',
          'a chronic condition, or an upcoming operation;',
          'buying for a child or an elderly person.',
        ],
      },
      {
        id: 'use-as-directed',
        heading: 'Use as directed',
        paragraphs: [
          'Do not exceed the recommended daily dose on the label. Keep supplements out of the reach of children, in a cool, dry place away from direct sunlight. Stop using a product and seek medical advice if you have an unexpected reaction.',
        ],
      },
      {
        id: 'product-information',
        heading: 'Product information',
        paragraphs: [
          'We take care to keep product information accurate, but manufacturers sometimes change formulas and packaging. The label on the product you receive takes precedence over the information on the website.',
          'Blood test results should be read with your doctor, who can interpret them together with your medical history and symptoms.',
        ],
      },
      {
        id: 'emergencies',
        heading: 'In an emergency',
        paragraphs: [
          'If you think you are having a medical emergency, do not wait for a reply from us: call your local emergency number straight away. Each country’s numbers are below.',
        ],
      },
    ],
  },

  'contact-us': {
    title: 'Contact us',
    intro:
      'A question about an order, a product or a blood test? Send us a message and our customer care team will reply within one working day, in Arabic or English.',
    sections: [
      {
        id: 'before-you-write',
        heading: 'Before you write',
        paragraphs: [
          'If your question is about an order, please include the order number: you will find it in the confirmation email and under My orders. For returns, our return policy explains what can be returned and how.',
        ],
      },
      {
        id: 'medical-questions',
        heading: 'Medical questions',
        paragraphs: [
          'Our team can help with ingredients, the doses printed on the label and delivery, but cannot give medical advice. For advice about your health, please speak to your doctor or book one of our nutritionists.',
        ],
      },
      {
        id: 'your-message-and-data',
        heading: 'Your message and your data',
        paragraphs: [
          'We use the details you send only to answer you, and keep messages for up to two years. Our privacy policy explains your rights.',
        ],
      },
    ],
  },

  'become-a-supplier': {
    title: 'Become a supplier',
    intro:
      'Do you make or distribute supplements, vitamins or wellness products? We are always looking for trusted brands to offer our customers across the Gulf.',
    sections: [
      {
        id: 'what-we-look-for',
        heading: 'What we look for',
        paragraphs: ['We list products our customers can trust:'],
        items: [
          'Products sold without a prescription and registered or approved for sale in the countries we deliver to, or that you can register with our help.',
          'Labels with ingredients and directions in Arabic and English.',
          'Manufacturing to good manufacturing practice (GMP), with a certificate of analysis for each batch.',
          'A shelf life of at least 12 months when the stock reaches our warehouse.',
          'Reliable supply and competitive wholesale prices.',
        ],
      },
      {
        id: 'how-it-works',
        heading: 'How it works',
        paragraphs: [
          'Send the application on this page. Our purchasing team reviews every application within 10 working days. If your products are a good fit, we will ask for product documents, samples and a price list, and then agree the listing terms with you.',
        ],
      },
      {
        id: 'what-you-get',
        heading: 'What you get',
        paragraphs: [
          'Your brand presented in Arabic and English to shoppers in two markets, temperature-controlled storage and delivery, and regular sales reports to help you plan your stock.',
        ],
      },
      {
        id: 'your-data',
        heading: 'Your data',
        paragraphs: [
          'We use the details in your application only to assess it and to contact you about it. Our privacy policy explains your rights.',
        ],
      },
    ],
  },
} as const satisfies Record<ContentPageId, PageContent>;

export type StaticPagesContent = typeof staticPagesEn;
