-- Instruction texts served by /info/instructions/{a}/{b} (a: topic, b: country or variant).
-- Paragraphs are separated by a blank line.
CREATE TABLE info_instructions (
  a TEXT NOT NULL,
  b TEXT NOT NULL,
  title_en TEXT NOT NULL,
  title_ar TEXT NOT NULL,
  body_en TEXT NOT NULL,
  body_ar TEXT NOT NULL,
  PRIMARY KEY (a, b)
) WITHOUT ROWID;

INSERT INTO info_instructions (a, b, title_en, title_ar, body_en, body_ar) VALUES
  ('how-it-works', 'shop', 'How shopping with us works', 'كيف يعمل التسوق معنا',
   'Browse by category, brand or nutritionist, or search in English or Arabic. Every product page shows the suggested use, ingredients and warnings.

Add products to your cart and follow the free-delivery bar: once your order passes the threshold, delivery is on us.

Check out as a guest or with your account, pay by card, KNET or mada, cash on delivery, or your wallet, and track your order from your profile.',
   'تصفّح حسب القسم أو العلامة التجارية أو أخصائي التغذية، أو ابحث بالعربية أو الإنجليزية. تعرض كل صفحة منتج طريقة الاستخدام المقترحة والمكونات والتحذيرات.

أضف المنتجات إلى سلتك وتابع شريط التوصيل المجاني: عندما يتجاوز طلبك الحد، يصبح التوصيل مجانياً.

أتمم الطلب كضيف أو بحسابك، وادفع بالبطاقة أو كي نت أو مدى أو نقداً عند الاستلام أو من محفظتك، وتابع طلبك من ملفك الشخصي.'),
  ('delivery', 'KW', 'Delivery in Kuwait', 'التوصيل في الكويت',
   'We deliver to every governorate of Kuwait, usually the same day for orders placed before 2 pm, and the next day otherwise.

Delivery is free above the free-delivery threshold shown in your cart.',
   'نوصل إلى جميع محافظات الكويت، وعادةً في اليوم نفسه للطلبات قبل الساعة 2 ظهراً، وفي اليوم التالي لغيرها.

التوصيل مجاني للطلبات التي تتجاوز حد التوصيل المجاني الظاهر في سلتك.'),
  ('delivery', 'SA', 'Delivery in Saudi Arabia', 'التوصيل في المملكة العربية السعودية',
   'We deliver to the main cities of Saudi Arabia through our courier partner, usually within 2 to 4 working days.

Delivery is free above the free-delivery threshold shown in your cart. Prices include 15% VAT.',
   'نوصل إلى المدن الرئيسية في المملكة العربية السعودية عبر شريكنا في الشحن، وعادةً خلال يومين إلى أربعة أيام عمل.

التوصيل مجاني للطلبات التي تتجاوز حد التوصيل المجاني الظاهر في سلتك. الأسعار شاملة ضريبة القيمة المضافة 15٪.'),
  ('returns', 'general', 'Returns', 'الإرجاع',
   'Unopened products in their original packaging can be returned within 14 days of delivery. Contact us with your order number and we arrange the pickup.',
   'يمكن إرجاع المنتجات غير المفتوحة في عبوتها الأصلية خلال 14 يوماً من التوصيل. تواصل معنا برقم طلبك وسنرتب الاستلام.');
