// The back office's alerts area: the back-in-stock report.
export const staffAlertsEn = {
  st_nav_alerts: 'Back-in-stock alerts',
  st_alerts_title: 'Back-in-stock alerts',
  st_alerts_intro:
    'Per size: shoppers still waiting for the product, alerts sent when it came back, and the purchases that followed.',
  st_alerts_window: {
    one: 'A purchase is an order of that size by an alerted shopper within {{count}} day of the alert (cancelled and failed orders do not count).',
    other:
      'A purchase is an order of that size by an alerted shopper within {{count}} days of the alert (cancelled and failed orders do not count).',
  },
  st_alerts_expiry: {
    one: 'Requests expire {{count}} day after they were made.',
    other: 'Requests expire {{count}} days after they were made.',
  },
  st_alerts_empty: 'Nobody is waiting for a product and no alert was sent yet.',
  st_alerts_product: 'Product',
  st_alerts_size: 'Size',
  st_alerts_stock: 'Stock',
  st_alerts_waiting: 'Waiting',
  st_alerts_sent: 'Alerts sent',
  st_alerts_purchases: 'Purchases',
  st_alerts_conversion: 'Conversion',
  st_alerts_no_conversion: '—',
  st_alerts_no_conversion_label: 'No alert sent yet',
} as const;
