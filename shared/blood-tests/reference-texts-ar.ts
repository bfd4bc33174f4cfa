// Arabic for the reference ranges' sources and notes (shared/blood-tests/biomarker-reference-data.ts), keyed by the English text.
export const REFERENCE_TEXTS_AR: Readonly<Record<string, string>> = {
  // --- sources ---------------------------------------------------------------------------------------
  'NIH Office of Dietary Supplements, Vitamin D fact sheet (≥20 ng/mL adequate; >50 ng/mL linked to potential adverse effects)':
    'مكتب المكملات الغذائية في المعاهد الوطنية للصحة الأمريكية، النشرة التعريفية بفيتامين د (≥20 ng/mL مستوى كافٍ؛ >50 ng/mL مرتبط بآثار ضارة محتملة)',
  'Mayo Clinic Laboratories test catalog, B12 (Vitamin B12 Assay, Serum): adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، B12 (تحليل فيتامين B12، مصل): القيم المرجعية للبالغين',
  'WHO 2015, Serum and red blood cell folate concentrations for assessing folate status in populations (<10 nmol/L, 4 ng/mL: possible deficiency)':
    'منظمة الصحة العالمية 2015، تركيز الفولات في المصل وفي كريات الدم الحمراء لتقييم حالة الفولات لدى السكان (<10 nmol/L، 4 ng/mL: نقص محتمل)',
  'Mayo Clinic Laboratories test catalog, FERR (Ferritin, Serum): adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، FERR (الفيريتين، مصل): القيم المرجعية للبالغين',
  'Mayo Clinic Laboratories test catalog, FE (Iron, Serum): adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، FE (الحديد، مصل): القيم المرجعية للبالغين',
  'Mayo Clinic Laboratories test catalog, FEC (Iron and Total Iron-Binding Capacity, Serum): adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، FEC (الحديد والسعة الكلية لارتباط الحديد، مصل): القيم المرجعية للبالغين',
  'Mayo Clinic Laboratories test catalog, FEC (Iron and Total Iron-Binding Capacity, Serum), percent saturation: adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، FEC (الحديد والسعة الكلية لارتباط الحديد، مصل)، نسبة التشبع: القيم المرجعية للبالغين',
  'American Diabetes Association, Standards of Care in Diabetes 2025, section 2 (normal <5.7%; prediabetes 5.7–6.4%; diabetes ≥6.5%)':
    'جمعية السكري الأمريكية، معايير الرعاية في السكري 2025، القسم 2 (طبيعي <5.7%؛ مقدمات السكري 5.7–6.4%؛ السكري ≥6.5%)',
  'American Diabetes Association, Standards of Care in Diabetes 2025, sections 2 and 6 (fasting glucose <100 mg/dL normal; <70 mg/dL hypoglycaemia level 1)':
    'جمعية السكري الأمريكية، معايير الرعاية في السكري 2025، القسمان 2 و6 (سكر الدم الصائم <100 mg/dL طبيعي؛ <70 mg/dL انخفاض سكر الدم من المستوى 1)',
  'Mayo Clinic Laboratories test catalog, INS (Insulin, Serum), fasting: adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، INS (الإنسولين، مصل)، على الريق: القيم المرجعية للبالغين',
  'NCEP Adult Treatment Panel III (NHLBI), ATP III classification of cholesterol and triglycerides':
    'اللجنة الثالثة لعلاج البالغين (ATP III) في البرنامج الوطني الأمريكي للتوعية بالكوليسترول (NCEP)، المعهد الوطني الأمريكي للقلب والرئة والدم (NHLBI)، تصنيف ATP III للكوليسترول والدهون الثلاثية',
  '2018 AHA/ACC Guideline on the Management of Blood Cholesterol (apoB ≥130 mg/dL is a risk-enhancing factor)':
    'إرشادات جمعية القلب الأمريكية والكلية الأمريكية لأمراض القلب (AHA/ACC) لعام 2018 بشأن علاج كوليسترول الدم (صميم البروتين الشحمي B (apoB) ≥130 mg/dL عامل يزيد الخطورة)',
  '2018 AHA/ACC Guideline on the Management of Blood Cholesterol (Lp(a) ≥50 mg/dL is a risk-enhancing factor)':
    'إرشادات جمعية القلب الأمريكية والكلية الأمريكية لأمراض القلب (AHA/ACC) لعام 2018 بشأن علاج كوليسترول الدم (البروتين الشحمي (a) Lp(a) ≥50 mg/dL عامل يزيد الخطورة)',
  'Refsum et al., Facts and recommendations about total homocysteine determinations: an expert opinion, Clin Chem 2004;50:3–32 (upper reference limit 15 µmol/L)':
    'Refsum وآخرون، حقائق وتوصيات حول قياس الهوموسيستين الكلي: رأي الخبراء، Clin Chem 2004;50:3–32 (الحد الأعلى المرجعي 15 µmol/L)',
  'Mayo Clinic Laboratories test catalog, TSH (Thyroid-Stimulating Hormone, Sensitive, Serum): adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، TSH (الهرمون المنبه للغدة الدرقية، عالي الحساسية، مصل): القيم المرجعية للبالغين',
  'Mayo Clinic Laboratories test catalog, FRT4 (T4, Free, Serum): adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، FRT4 (هرمون T4 الحر، مصل): القيم المرجعية للبالغين',
  'Mayo Clinic Laboratories test catalog, T3FR (T3, Free, Serum), adults ≥19 years: adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، T3FR (هرمون T3 الحر، مصل)، البالغون ≥19 سنة: القيم المرجعية للبالغين',
  'Mayo Clinic Laboratories test catalog, TPO (Thyroperoxidase Antibodies, Serum): adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، TPO (الأجسام المضادة لبيروكسيداز الغدة الدرقية، مصل): القيم المرجعية للبالغين',
  'Mayo Clinic, Complete blood count (CBC): normal adult results':
    'مايو كلينك، تعداد الدم الكامل (CBC): النتائج الطبيعية للبالغين',
  'Mayo Clinic Laboratories test catalog, CBC (Complete Blood Count), mean corpuscular volume: adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، CBC (تعداد الدم الكامل)، متوسط حجم كرية الدم الحمراء: القيم المرجعية للبالغين',
  'Mayo Clinic Laboratories test catalog, CRTS1 (Creatinine, Serum): adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، CRTS1 (الكرياتينين، مصل): القيم المرجعية للبالغين',
  'Mayo Clinic Laboratories test catalog, BUN (Blood Urea Nitrogen, Serum): adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، BUN (نيتروجين اليوريا في الدم، مصل): القيم المرجعية للبالغين',
  'KDIGO 2024 Clinical Practice Guideline for CKD: GFR categories (G1 ≥90, G3a <60, G5 kidney failure <15)':
    'الإرشادات السريرية لمبادرة تحسين النتائج العالمية لأمراض الكلى (KDIGO) لعام 2024 بشأن مرض الكلى المزمن: فئات معدل الترشيح الكبيبي (G1 ≥90، G3a <60، G5 فشل كلوي <15)',
  'Mayo Clinic Laboratories test catalog, NA (Sodium, Serum): adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، NA (الصوديوم، مصل): القيم المرجعية للبالغين',
  'Mayo Clinic Laboratories test catalog, K (Potassium, Serum): adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، K (البوتاسيوم، مصل): القيم المرجعية للبالغين',
  'Mayo Clinic Laboratories test catalog, URIC (Uric Acid, Serum): adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، URIC (حمض اليوريك، مصل): القيم المرجعية للبالغين',
  'Mayo Clinic Laboratories test catalog, ALT (Alanine Aminotransferase, Serum): adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، ALT (ناقلة أمين الألانين، مصل): القيم المرجعية للبالغين',
  'Mayo Clinic Laboratories test catalog, AST (Aspartate Aminotransferase, Serum): adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، AST (ناقلة أمين الأسبارتات، مصل): القيم المرجعية للبالغين',
  'Mayo Clinic Laboratories test catalog, ALP (Alkaline Phosphatase, Serum), males 17–<19 years: adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، ALP (الفوسفاتاز القلوي، مصل)، الذكور 17–<19 سنة: القيم المرجعية للبالغين',
  'Mayo Clinic Laboratories test catalog, ALP (Alkaline Phosphatase, Serum), males ≥19 years: adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، ALP (الفوسفاتاز القلوي، مصل)، الذكور ≥19 سنة: القيم المرجعية للبالغين',
  'Mayo Clinic Laboratories test catalog, ALP (Alkaline Phosphatase, Serum), females ≥17 years: adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، ALP (الفوسفاتاز القلوي، مصل)، الإناث ≥17 سنة: القيم المرجعية للبالغين',
  'Mayo Clinic Laboratories test catalog, GGT (Gamma-Glutamyltransferase, Serum): adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، GGT (ناقلة غاما غلوتاميل، مصل): القيم المرجعية للبالغين',
  'Mayo Clinic Laboratories test catalog, BILIT (Bilirubin, Total, Serum): adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، BILIT (البيليروبين الكلي، مصل): القيم المرجعية للبالغين',
  'Mayo Clinic Laboratories test catalog, ALB (Albumin, Serum): adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، ALB (الألبومين، مصل): القيم المرجعية للبالغين',
  'AHA/CDC scientific statement on markers of inflammation (Pearson et al., Circulation 2003;107:499): <1.0 mg/L low, 1.0–3.0 average, >3.0 high cardiovascular risk':
    'البيان العلمي لجمعية القلب الأمريكية ومراكز مكافحة الأمراض والوقاية منها (AHA/CDC) حول مؤشرات الالتهاب (Pearson وآخرون، Circulation 2003;107:499): خطر الإصابة بأمراض القلب والأوعية الدموية منخفض عند <1.0 mg/L، ومتوسط عند 1.0–3.0، ومرتفع عند >3.0',
  'Brigden, Clinical utility of the erythrocyte sedimentation rate, Am Fam Physician 1999;60:1443 (Westergren, by sex and age under/over 50)':
    'Brigden، الفائدة السريرية لسرعة ترسب كريات الدم الحمراء، Am Fam Physician 1999;60:1443 (طريقة Westergren، حسب الجنس والعمر دون 50 سنة وفوقها)',
  'Mayo Clinic Laboratories test catalog, CK (Creatine Kinase, Total, Serum): adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، CK (كيناز الكرياتين الكلي، مصل): القيم المرجعية للبالغين',
  'Endocrine Society guideline, Testosterone therapy in men with hypogonadism (Bhasin et al., JCEM 2018;103:1715): CDC-harmonised range 264–916 ng/dL':
    'إرشادات جمعية الغدد الصماء، العلاج بالتستوستيرون لدى الرجال المصابين بقصور الغدد التناسلية (Bhasin وآخرون، JCEM 2018;103:1715): النطاق الموحَّد وفق معايير مراكز مكافحة الأمراض والوقاية منها الأمريكية 264–916 ng/dL',
  'Mayo Clinic Laboratories test catalog, TTST (Testosterone, Total, Serum), females ≥19 years: adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، TTST (التستوستيرون الكلي، مصل)، الإناث ≥19 سنة: القيم المرجعية للبالغين',
  'Jasuja et al., Reference intervals for free testosterone in adult men measured using a standardized equilibrium dialysis procedure, Andrology 2023;11:125 (all men)':
    'Jasuja وآخرون، النطاقات المرجعية للتستوستيرون الحر لدى الرجال البالغين مقيساً بطريقة موحَّدة للديال التوازني، Andrology 2023;11:125 (جميع الرجال)',
  'Jasuja et al., Reference intervals for free testosterone in adult men measured using a standardized equilibrium dialysis procedure, Andrology 2023;11:125 (men 19–39 years)':
    'Jasuja وآخرون، النطاقات المرجعية للتستوستيرون الحر لدى الرجال البالغين مقيساً بطريقة موحَّدة للديال التوازني، Andrology 2023;11:125 (الرجال 19–39 سنة)',
  'University of Chicago Medicine laboratories, free testosterone in women (upper limit 9.0 pg/mL; Mortensen et al., JCEM 2009;94:1579); values fall after menopause, so the upper limit stands':
    'مختبرات المركز الطبي لجامعة شيكاغو، التستوستيرون الحر لدى النساء (الحد الأعلى 9.0 pg/mL؛ Mortensen وآخرون، JCEM 2009;94:1579)؛ تنخفض القيم بعد سن اليأس، لذا يبقى الحد الأعلى نفسه',
  'Mayo Clinic Laboratories test catalog, CORT (Cortisol, Serum), a.m. specimen, ≥18 years: adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، CORT (الكورتيزول، مصل)، عينة صباحية، ≥18 سنة: القيم المرجعية للبالغين',
  'Mayo Clinic Laboratories test catalog, EEST (Estradiol, Serum): adult males':
    'دليل فحوصات مختبرات مايو كلينك، EEST (الإستراديول، مصل): الذكور البالغون',
  'Mayo Clinic Laboratories test catalog, EEST (Estradiol, Serum): premenopausal women (varies through the cycle)':
    'دليل فحوصات مختبرات مايو كلينك، EEST (الإستراديول، مصل): النساء قبل سن اليأس (تتغير القيم على مدار الدورة الشهرية)',
  'Mayo Clinic Laboratories test catalog, EEST (Estradiol, Serum): postmenopausal women <10 pg/mL; age 51+ stands in for menopause':
    'دليل فحوصات مختبرات مايو كلينك، EEST (الإستراديول، مصل): النساء بعد سن اليأس <10 pg/mL؛ يُعتمد عمر 51+ بديلاً عن سن اليأس',
  'Mayo Clinic Laboratories test catalog, FSH (Follicle-Stimulating Hormone, Serum), males >18 years: adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، FSH (الهرمون المنبه للجريب، مصل)، الذكور >18 سنة: القيم المرجعية للبالغين',
  'Mayo Clinic Laboratories test catalog, FSH (Follicle-Stimulating Hormone, Serum), premenopausal follicular phase (draw on cycle days 2–5): adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، FSH (الهرمون المنبه للجريب، مصل)، قبل سن اليأس في المرحلة الجريبية (تُسحب العينة في الأيام 2–5 من الدورة): القيم المرجعية للبالغين',
  'Mayo Clinic Laboratories test catalog, FSH (Follicle-Stimulating Hormone, Serum), postmenopausal; age 51+ stands in for menopause: adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، FSH (الهرمون المنبه للجريب، مصل)، بعد سن اليأس؛ يُعتمد عمر 51+ بديلاً عن سن اليأس: القيم المرجعية للبالغين',
  'Mayo Clinic Laboratories test catalog, LH (Luteinizing Hormone, Serum), males >18 years: adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، LH (الهرمون الملوتن، مصل)، الذكور >18 سنة: القيم المرجعية للبالغين',
  'Mayo Clinic Laboratories test catalog, LH (Luteinizing Hormone, Serum), premenopausal follicular phase: adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، LH (الهرمون الملوتن، مصل)، قبل سن اليأس في المرحلة الجريبية: القيم المرجعية للبالغين',
  'Mayo Clinic Laboratories test catalog, LH (Luteinizing Hormone, Serum), postmenopausal; age 51+ stands in for menopause: adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، LH (الهرمون الملوتن، مصل)، بعد سن اليأس؛ يُعتمد عمر 51+ بديلاً عن سن اليأس: القيم المرجعية للبالغين',
  'Mayo Clinic Laboratories test catalog, PRL (Prolactin, Serum): adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، PRL (البرولاكتين، مصل): القيم المرجعية للبالغين',
  'Mayo Clinic Laboratories test catalog, PRL (Prolactin, Serum), non-pregnant: adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، PRL (البرولاكتين، مصل)، لغير الحوامل: القيم المرجعية للبالغين',
  'ARUP Laboratories, Dehydroepiandrosterone Sulfate, Serum (0070040), 15–19 years':
    'مختبرات ARUP، كبريتات ديهيدرو إيبي أندروستيرون، مصل (0070040)، 15–19 سنة',
  'ARUP Laboratories, Dehydroepiandrosterone Sulfate, Serum (0070040), 20–24 years':
    'مختبرات ARUP، كبريتات ديهيدرو إيبي أندروستيرون، مصل (0070040)، 20–24 سنة',
  'ARUP Laboratories, Dehydroepiandrosterone Sulfate, Serum (0070040), 25–34 years':
    'مختبرات ARUP، كبريتات ديهيدرو إيبي أندروستيرون، مصل (0070040)، 25–34 سنة',
  'ARUP Laboratories, Dehydroepiandrosterone Sulfate, Serum (0070040), 35–44 years':
    'مختبرات ARUP، كبريتات ديهيدرو إيبي أندروستيرون، مصل (0070040)، 35–44 سنة',
  'ARUP Laboratories, Dehydroepiandrosterone Sulfate, Serum (0070040), 45–54 years':
    'مختبرات ARUP، كبريتات ديهيدرو إيبي أندروستيرون، مصل (0070040)، 45–54 سنة',
  'ARUP Laboratories, Dehydroepiandrosterone Sulfate, Serum (0070040), 55–64 years':
    'مختبرات ARUP، كبريتات ديهيدرو إيبي أندروستيرون، مصل (0070040)، 55–64 سنة',
  'ARUP Laboratories, Dehydroepiandrosterone Sulfate, Serum (0070040), 65–74 years':
    'مختبرات ARUP، كبريتات ديهيدرو إيبي أندروستيرون، مصل (0070040)، 65–74 سنة',
  'ARUP Laboratories, Dehydroepiandrosterone Sulfate, Serum (0070040), 75 and older years':
    'مختبرات ARUP، كبريتات ديهيدرو إيبي أندروستيرون، مصل (0070040)، 75 سنة فأكثر',
  'ESHRE Bologna criteria for poor ovarian response (Ferraretti et al., Hum Reprod 2011;26:1616): AMH <0.5–1.1 ng/mL marks low ovarian reserve; AMH falls with age and has no population upper limit':
    'معايير بولونيا للجمعية الأوروبية للتكاثر البشري وعلم الأجنة (ESHRE) لضعف استجابة المبيض (Ferraretti وآخرون، Hum Reprod 2011;26:1616): الهرمون المضاد لمولر (AMH) <0.5–1.1 ng/mL يدل على انخفاض مخزون المبيض؛ وينخفض مع التقدم في العمر وليس له حد أعلى مرجعي لعموم السكان',
  'National Cancer Institute, Prostate-Specific Antigen (PSA) Test fact sheet (4.0 ng/mL the traditional cut-off)':
    'المعهد الوطني للسرطان الأمريكي، النشرة التعريفية بفحص مستضد البروستاتا النوعي (PSA) (4.0 ng/mL هو الحد الفاصل المعتاد)',
  'Oesterling et al., Serum prostate-specific antigen in a community-based population of healthy men: age-specific reference ranges, JAMA 1993;270:860':
    'Oesterling وآخرون، مستضد البروستاتا النوعي في المصل لدى مجموعة مجتمعية من الرجال الأصحاء: نطاقات مرجعية حسب العمر، JAMA 1993;270:860',
  'Mayo Clinic Laboratories test catalog, MG (Magnesium, Serum): adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، MG (المغنيسيوم، مصل): القيم المرجعية للبالغين',
  'Mayo Clinic Laboratories test catalog, ZNS (Zinc, Serum): adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، ZNS (الزنك، مصل): القيم المرجعية للبالغين',
  'MedlinePlus (NIH), Calcium blood test: normal values 8.5–10.2 mg/dL':
    'موقع MedlinePlus (المعاهد الوطنية للصحة الأمريكية)، فحص الكالسيوم في الدم: القيم الطبيعية 8.5–10.2 mg/dL',
  'Mayo Clinic Laboratories test catalog, TTGA (Tissue Transglutaminase Antibody, IgA, Serum): adult reference values':
    'دليل فحوصات مختبرات مايو كلينك، TTGA (الأجسام المضادة لناقلة الغلوتامين النسيجية من نوع IgA، مصل): القيم المرجعية للبالغين',

  // --- the critical-value lists named in notes ----------------------------------------------------------
  'Mayo Clinic Laboratories Critical Values / Critical Results List':
    'قائمة القيم الحرجة / النتائج الحرجة لمختبرات مايو كلينك',
  'WakeMed Health critical values (adult chemistry)': 'القيم الحرجة لدى WakeMed Health (كيمياء الدم للبالغين)',

  // --- notes -----------------------------------------------------------------------------------------
  'optimal ≥30 ng/mL and intoxication >150 ng/mL per Endocrine Society guideline 2011 (Holick et al., JCEM 96:1911)':
    'المستوى الأمثل ≥30 ng/mL، والتسمم >150 ng/mL، وفق إرشادات جمعية الغدد الصماء 2011 (Holick وآخرون، JCEM 96:1911)',
  'critical limits ≤50 and ≥400 mg/dL: WakeMed Health critical values (adult chemistry)':
    'الحدود الحرجة ≤50 و≥400 mg/dL: القيم الحرجة لدى WakeMed Health (كيمياء الدم للبالغين)',
  'desirable <200 mg/dL': 'المستوى المرغوب <200 mg/dL',
  'optimal <100 mg/dL, near optimal 100–129, borderline high 130–159':
    'أمثل <100 mg/dL، قريب من الأمثل 100–129، مرتفع بشكل حدّي 130–159',
  'low <40 mg/dL; ≥60 mg/dL protective': 'منخفض <40 mg/dL؛ ≥60 mg/dL وقائي',
  'low <50 mg/dL in women (ATP III metabolic syndrome criterion); ≥60 mg/dL protective':
    'منخفض <50 mg/dL لدى النساء (معيار متلازمة الأيض وفق ATP III)؛ ≥60 mg/dL وقائي',
  'normal <150 mg/dL; optimal <100 mg/dL per AHA scientific statement on triglycerides (Miller et al., Circulation 2011;123:2292)':
    'طبيعي <150 mg/dL؛ أمثل <100 mg/dL وفق البيان العلمي لجمعية القلب الأمريكية حول الدهون الثلاثية (Miller وآخرون، Circulation 2011;123:2292)',
  'optimal <100 mg/dL: 2019 ESC/EAS dyslipidaemia guideline goal at moderate risk':
    'أمثل <100 mg/dL: الهدف لمتوسطي الخطورة في إرشادات الجمعية الأوروبية لأمراض القلب والجمعية الأوروبية لتصلب الشرايين (ESC/EAS) لعام 2019 بشأن اضطراب دهون الدم',
  'optimal <30 mg/dL: EAS consensus statement on Lp(a) 2022 (Kronenberg et al., Eur Heart J 43:3925)':
    'أمثل <30 mg/dL: بيان الإجماع للجمعية الأوروبية لتصلب الشرايين (EAS) حول البروتين الشحمي Lp(a) لعام 2022 (Kronenberg وآخرون، Eur Heart J 43:3925)',
  'negative <9.0 IU/mL; assay-specific': 'سلبي <9.0 IU/mL؛ يختلف حسب طريقة التحليل',
  'critical ≤6.0 and ≥20.0 g/dL: Mayo Clinic Laboratories Critical Values / Critical Results List':
    'حرج ≤6.0 و≥20.0 g/dL: قائمة القيم الحرجة / النتائج الحرجة لمختبرات مايو كلينك',
  'critical ≥100.0 ×10^9/L: Mayo Clinic Laboratories Critical Values / Critical Results List':
    'حرج ≥100.0 ×10^9/L: قائمة القيم الحرجة / النتائج الحرجة لمختبرات مايو كلينك',
  'critical ≤40 and ≥1000 ×10^9/L: Mayo Clinic Laboratories Critical Values / Critical Results List':
    'حرج ≤40 و≥1000 ×10^9/L: قائمة القيم الحرجة / النتائج الحرجة لمختبرات مايو كلينك',
  'critical ≤120 and ≥160 mmol/L: WakeMed Health critical values (adult chemistry)':
    'حرج ≤120 و≥160 mmol/L: القيم الحرجة لدى WakeMed Health (كيمياء الدم للبالغين)',
  'critical ≤2.5 and ≥6.5 mmol/L: WakeMed Health critical values (adult chemistry)':
    'حرج ≤2.5 و≥6.5 mmol/L: القيم الحرجة لدى WakeMed Health (كيمياء الدم للبالغين)',
  'albuminuria category A1 <30 mg/g (<3 mg/mmol)': 'فئة البيلة الألبومينية A1 <30 mg/g (<3 mg/mmol)',
  'optimal ≤33 U/L: healthy upper limit in ACG Clinical Guideline, Evaluation of abnormal liver chemistries (Kwo et al., Am J Gastroenterol 2017)':
    'أمثل ≤33 U/L: الحد الأعلى الصحي في الإرشادات السريرية للكلية الأمريكية لأمراض الجهاز الهضمي (ACG)، تقييم نتائج فحوصات الكبد غير الطبيعية (Kwo وآخرون، Am J Gastroenterol 2017)',
  'optimal ≤25 U/L: healthy upper limit in ACG Clinical Guideline, Evaluation of abnormal liver chemistries (Kwo et al., Am J Gastroenterol 2017)':
    'أمثل ≤25 U/L: الحد الأعلى الصحي في الإرشادات السريرية للكلية الأمريكية لأمراض الجهاز الهضمي (ACG)، تقييم نتائج فحوصات الكبد غير الطبيعية (Kwo وآخرون، Am J Gastroenterol 2017)',
  'critical ≤1.0 and ≥5.0 mg/dL: WakeMed Health critical values (adult chemistry)':
    'حرج ≤1.0 و≥5.0 mg/dL: القيم الحرجة لدى WakeMed Health (كيمياء الدم للبالغين)',
  'critical ≤6.5 and ≥13.0 mg/dL: Houston Methodist laboratory critical values':
    'حرج ≤6.5 و≥13.0 mg/dL: القيم الحرجة لمختبر Houston Methodist',
  'negative <4.0 U/mL; assay-specific': 'سلبي <4.0 U/mL؛ يختلف حسب طريقة التحليل',
};
