// Texts of the six downloadable PDFs, rendered by documents.mjs.
// A section body is a list of paragraphs (strings) and bullet lists (arrays).
// These are placeholder texts written for the website; the firm replaces each
// PDF with its approved version by dropping the file into content/media/documents/.

const PARTNERS_BY_THEME = [
  "Education: Studiezalen, which runs supervised study halls for pupils who lack a quiet place to study, now at 47 locations.",
  "Poverty relief: Samen Kracht and Noordje, which support households and neighbourhoods in Amsterdam facing financial hardship.",
  "Music: Philomela and the Prinsengrachtconcert, which bring choral and classical music to young performers and to a wide public audience.",
  "Art: SINA, which makes art and culture accessible to people who rarely meet it.",
  "Reforestation: Oranjewoud, where the foundation funds 5 hectares of new forest with 18,500 trees, managed for 50 years.",
  "Refugee dinners: Havendiners, which brings newcomers and long-standing residents together around a shared table.",
  "Opera and ballet: the Dutch National Opera & Ballet, supporting programmes that open the stage to new and young audiences.",
];

export const documents = [
  {
    name: "charity-policy-2023-2025",
    title: "Foundation Policy Plan 2023-2025",
    subtitle: "Stichting Veldhaven Foundation",
    meta: "Policy plan for the years 2023 to 2025\nAdopted by the board of the foundation, December 2022",
    subject: "Policy plan of the Veldhaven Foundation: mission, funding, themes, grant process, governance and ANBI status",
    keywords: "foundation, charity, policy plan, ANBI, carried interest",
    date: "2022-12-15",
    sections: [
      {
        heading: "1. Introduction",
        body: [
          "Veldhaven Capital Partners has invested in European real estate since 2014 as a joint venture partner to institutional investors. We manage about EUR 5.0 billion of assets from offices in Amsterdam, Dublin, Copenhagen and Helsinki. The buildings we invest in are homes, shops and neighbourhoods, and the communities around them are part of what makes an investment succeed over the long term.",
          "Stichting Veldhaven Foundation (the foundation) was set up so that the firm's success also benefits people and places that are not part of our business. This policy plan describes what the foundation wants to achieve in the years 2023 to 2025, where its money comes from, how it chooses and supports partners, and how it is governed. The plan is published to meet the requirements for a public benefit institution (ANBI) and to give partners, colleagues and the public a clear account of our intentions.",
        ],
      },
      {
        heading: "2. Mission",
        body: [
          "The foundation supports charitable organisations that give people opportunity, connection and beauty in their lives: through education, relief of poverty, music and art, a healthier natural environment and hospitality to newcomers. We prefer long partnerships with organisations we know well over one-off gifts, and we aim to give support that makes a visible difference to the partner's work.",
        ],
      },
      {
        heading: "3. Source of funds",
        body: [
          "The partners of Veldhaven Capital Partners have committed 2.5% of the carried interest that the firm receives from its funds to the foundation. Carried interest is paid when a fund has returned its investors' capital and a preferred return; the amount in any year therefore varies with the realisations of the funds. To give partners predictability, the board spreads grants over multi-year commitments and holds a limited reserve to smooth the differences between years.",
          "The foundation may also receive gifts from employees of the firm. It does not raise funds from the public, does not hold shares or other speculative assets, and keeps its reserve in bank accounts with institutions in the Netherlands.",
        ],
      },
      {
        heading: "4. Themes and partners",
        body: [
          "For the period of this plan the foundation gives to seven themes. Each theme has one or more partner organisations:",
          PARTNERS_BY_THEME,
          "The themes are reviewed once a year. A new partner is added only when the board is convinced that the foundation's support will be meaningful to that organisation and that the organisation meets the criteria in section 5.",
        ],
      },
      {
        heading: "5. Selection criteria",
        body: [
          "The board assesses every proposed partner against the following criteria:",
          [
            "The organisation pursues a public benefit purpose and, where applicable, holds ANBI status itself.",
            "Its goals fit one of the foundation's themes, and the use of our contribution can be described concretely.",
            "It is well governed: a board separate from management, published annual accounts and a sound financial position.",
            "Its overhead is proportionate to its activities, and its remuneration of directors is reasonable.",
            "There is no conflict of interest with the firm, its funds, its joint venture partners or its employees.",
          ],
          "Proposals may come from employees of the firm, from partners and from the board itself. Employees who propose an organisation they are personally involved with declare that interest and take no part in the decision.",
        ],
      },
      {
        heading: "6. Grant process and monitoring",
        body: [
          "A partnership starts with an agreement that sets out the purpose of the grant, the amount, the period and the information the partner will share with us. Most agreements run for three years. Payments are made in annual instalments after a short report on the previous year, so that the foundation can follow the progress of each partner without creating an administrative burden for small organisations.",
          "Board members and colleagues of the firm visit partners regularly. Where partners welcome it, employees volunteer their time and professional skills, for example by helping at a Havendiners evening, tutoring at a Studiezalen location or planting trees at Oranjewoud. Volunteering is voluntary and takes place on working time.",
        ],
      },
      {
        heading: "7. Governance",
        body: [
          "The foundation is governed by a board of at least three members. At least one member is independent of the firm. Board members are appointed for a term of four years and may be reappointed once. The board meets at least three times a year, decides by majority and records its decisions in minutes.",
          "Board members receive no remuneration for their work for the foundation. Reasonable expenses may be reimbursed on presentation of receipts. The firm provides office space and administrative support free of charge, so that the foundation's costs stay low and almost all of its income reaches its partners.",
        ],
      },
      {
        heading: "8. ANBI status and publication",
        body: [
          "The foundation is registered by the Dutch Tax and Customs Administration as a public benefit institution (algemeen nut beogende instelling, ANBI). Gifts to the foundation may therefore be deductible for Dutch tax purposes, and the foundation pays no gift tax on the amounts it receives or gives. To keep this status, the foundation devotes at least 90% of its activities to the public benefit and publishes on the website its name, RSIN, contact details, objective, this policy plan, its board, its remuneration policy, a report of its activities and its financial statements.",
        ],
      },
      {
        heading: "9. Review",
        body: [
          "The board reviews this plan each year and adopts a new plan for the period starting in 2026. Questions about the foundation or this plan are welcome at the charity e-mail address published on the website.",
        ],
      },
    ],
  },

  {
    name: "charity-annual-report-2024",
    title: "Foundation Annual Report 2024",
    subtitle: "Stichting Veldhaven Foundation",
    meta: "Report of the board on the year 2024\nFigures in this placeholder are illustrative",
    subject: "Annual report 2024 of the Veldhaven Foundation: activities, partners, finances and outlook",
    keywords: "foundation, charity, annual report, 2024, ANBI",
    date: "2025-04-30",
    sections: [
      {
        heading: "Foreword by the chair",
        body: [
          "2024 was the second year of our policy plan for 2023 to 2025, and the year in which the foundation's partnerships matured. All nine partners whose work we supported in 2023 continued with us, several of them with larger programmes. We are grateful to the partners of Veldhaven Capital Partners, who give 2.5% of the firm's carried interest to the foundation, and to the many colleagues who gave their time as volunteers.",
          "This report describes what our partners achieved with our support, how the foundation spent its money and what we plan for 2025.",
        ],
      },
      {
        heading: "The year in summary",
        body: [
          [
            "Nine partner organisations supported across seven themes: education, poverty relief, music, art, reforestation, refugee dinners, and opera and ballet.",
            "Studiezalen reached 47 study-hall locations, giving pupils a quiet place to work with supervision and help.",
            "At Oranjewoud, the 5-hectare forest funded by the foundation now holds 18,500 young trees; once grown it will absorb around 60 tonnes of CO2 a year, and it is managed for 50 years.",
            "Colleagues from all four offices volunteered at partner activities, from Havendiners evenings to tree planting.",
            "Costs of the foundation itself stayed below 2% of its spending, as the firm provides office space and administration free of charge.",
          ],
        ],
      },
      {
        heading: "Our partners in 2024",
        body: [
          "Education. Studiezalen offers pupils from secondary schools a supervised place to study after school hours. The foundation's grant funds supervisors and study materials at a number of locations, and colleagues of the firm joined as volunteer tutors for mathematics and economics.",
          "Poverty relief. Samen Kracht and Noordje work with households in Amsterdam that struggle to make ends meet. Our contributions funded practical support such as help with debts and administration, and neighbourhood activities that reduce isolation.",
          "Music. Philomela gives young singers an outstanding choral education, and the Prinsengrachtconcert brings classical music to thousands of listeners on and around the canal each summer. The foundation supported the development of young performers and helped keep the concert free to the public.",
          "Art. With SINA, the foundation supported projects that bring art and culture to people who rarely visit a museum or gallery.",
          "Reforestation. At Oranjewoud the planting of the new forest was completed. The foundation funds planting and the first years of care; a management agreement covers the forest for 50 years.",
          "Refugee dinners. Havendiners organises dinners where refugees and residents cook and eat together. Our grant covered ingredients and venues for a full season of dinners, several of them hosted with colleagues from the Amsterdam office.",
          "Opera and ballet. Our partnership with the Dutch National Opera & Ballet supports programmes that introduce children and young adults to opera and dance, including school performances and reduced-price tickets.",
        ],
      },
      {
        heading: "Finances",
        body: [
          "The foundation's income consists of the contribution of 2.5% of carried interest realised by the firm's funds and of gifts from employees. Because carried interest depends on fund realisations, income varies from year to year; the board manages this with multi-year commitments and a limited reserve.",
          "In 2024 the foundation spent its funds as follows, as a share of total grants: education 20%, poverty relief 22%, music 16%, art 8%, reforestation 12%, refugee dinners 10%, opera and ballet 12%. The reserve at the end of the year was sufficient to honour all commitments for 2025. The financial statements are prepared by the firm's finance team and reviewed by an independent accountant.",
        ],
      },
      {
        heading: "Board and organisation",
        body: [
          "The board met four times in 2024. Its members receive no remuneration. One board member is independent of the firm. No conflicts of interest were reported during the year. The foundation has no employees; the firm supports it with office space and administration at no cost.",
        ],
      },
      {
        heading: "Outlook for 2025",
        body: [
          "2025 is the last year of the current policy plan. The board will continue all existing partnerships and will evaluate each of them with the partner, as a basis for the plan for 2026 to 2028. We also intend to offer colleagues in Dublin, Copenhagen and Helsinki more opportunities to volunteer close to home.",
        ],
      },
    ],
  },

  {
    name: "responsible-investment-policy",
    title: "Responsible Investment Policy",
    subtitle: "How environmental, social and governance factors shape our investments",
    meta: "Policy of Veldhaven Capital Partners\nVersion 2.0, adopted March 2023",
    subject: "Responsible investment policy: ESG strategy, environmental objectives, social and governance commitments, integration in the investment process",
    keywords: "responsible investment, ESG, sustainability risks, SFDR",
    date: "2023-03-01",
    sections: [
      {
        heading: "1. Purpose and scope",
        body: [
          "This policy sets out how Veldhaven Capital Partners (Veldhaven) takes environmental, social and governance (ESG) factors into account when it invests in and manages real estate. It applies to all funds and mandates managed by Veldhaven, to all phases of an investment from sourcing to sale, and to all employees in our offices in Amsterdam, Dublin, Copenhagen and Helsinki.",
          "We invest as a joint venture partner in European affordable residential property in North-western Europe and in Dutch convenience retail, complemented by opportunistic retail investments. Homes and local shops are used every day by the people who live near them. We believe that buildings which are energy efficient, healthy, affordable and well run keep their tenants and their value, and that responsible investment is therefore part of our duty to the investors whose capital we manage.",
        ],
      },
      {
        heading: "2. ESG strategy",
        body: [
          "Our ESG strategy rests on three commitments: to reduce the environmental footprint of the buildings we own, to provide good and affordable places to live and shop, and to run our business and our joint ventures with integrity. The strategy is approved by the management board, which reviews progress every quarter. An ESG committee chaired by a partner of the firm coordinates its implementation, and every investment and asset manager is responsible for applying it to the assets in their care.",
        ],
      },
      {
        heading: "3. Environmental objectives",
        body: [
          "We pursue four environmental objectives across the portfolio:",
          [
            "Energy and carbon: reduce the energy use and greenhouse gas emissions of our buildings in line with a pathway consistent with the Paris Agreement, measured against recognised real estate decarbonisation pathways.",
            "Energy labels: bring every residential asset to an energy label of C or better, and pursue label A for major renovations and new developments.",
            "Climate resilience: assess the physical climate risks of each asset, such as flooding and heat stress, and address material risks in the business plan.",
            "Resources and nature: reduce waste and water use, favour circular materials in renovations and increase greenery and biodiversity where the site allows.",
          ],
          "We collect energy and water data for our assets, set targets at asset and fund level, and report progress to our investors at least once a year.",
        ],
      },
      {
        heading: "4. Social commitments",
        body: [
          "Affordable housing is at the core of our residential strategy. We aim to keep rents within reach of middle-income households and apply rent increases in line with regulation and with care for existing tenants. We expect the property managers we appoint to respond promptly to tenants' requests, to maintain buildings safely and to treat tenants fairly.",
          "Health and safety of tenants, visitors, contractors and employees is a condition for every project. For our retail centres we work with tenants on the role of the centre in the neighbourhood, from accessibility to local services. Through the Veldhaven Foundation, 2.5% of the firm's carried interest goes to charities in education, poverty relief, music, art, reforestation, refugee dinners, and opera and ballet.",
        ],
      },
      {
        heading: "5. Governance",
        body: [
          "We choose joint venture partners, property managers and contractors who share our standards. Every counterparty is subject to know-your-customer checks, sanctions screening and an assessment of integrity risks before a transaction. Our Code of Conduct, Compliance Policy and Remuneration Policy apply to all employees; the Remuneration Policy is designed so that variable pay does not encourage excessive risk taking, including sustainability risks.",
        ],
      },
      {
        heading: "6. Integration in the investment process",
        body: [
          [
            "Sourcing: every opportunity is screened against our exclusions and for material ESG risks, such as contamination, poor energy performance or flood exposure.",
            "Due diligence: technical due diligence covers energy performance, the cost of reaching our label targets and physical climate risks; legal and integrity due diligence covers the seller and any joint venture partner.",
            "Investment decision: each proposal to the investment committee includes an ESG assessment and the capital expenditure needed to meet our environmental objectives.",
            "Asset management: business plans contain ESG targets for each asset, which are reviewed with the joint venture partner at least once a year.",
            "Sale: we document the ESG performance of the asset for the buyer.",
          ],
        ],
      },
      {
        heading: "7. Sustainability risks",
        body: [
          "A sustainability risk is an environmental, social or governance event or condition that, if it occurs, could cause a material negative impact on the value of an investment. Such risks include transition risks, such as stricter energy performance requirements, and physical risks, such as flooding. Veldhaven integrates sustainability risks in its investment decisions as described in section 6, in accordance with Article 3 of the Sustainable Finance Disclosure Regulation (EU) 2019/2088 (SFDR).",
          "Veldhaven does not currently consider the principal adverse impacts of its investment decisions on sustainability factors within the meaning of Article 4 of the SFDR, because the data needed to measure them reliably across our joint ventures is not yet consistently available. We will review this position each year.",
        ],
      },
      {
        heading: "8. Engagement, reporting and review",
        body: [
          "We engage with our joint venture partners, property managers and tenants to improve the ESG performance of our assets, and we include ESG clauses in new management agreements and leases where possible. We report to investors on the implementation of this policy at least annually. The ESG committee reviews this policy every year and proposes changes to the management board.",
        ],
      },
    ],
  },

  {
    name: "sfdr-article-10-disclosure",
    title: "Sustainability-related Disclosure",
    subtitle: "Website disclosure under Article 10 of Regulation (EU) 2019/2088 (SFDR)",
    meta: "Financial product: Veldhaven European Residential Fund (the Fund)\nFirst published 10 March 2021; this version March 2023",
    subject: "SFDR Article 10 website disclosure for a financial product promoting environmental and social characteristics",
    keywords: "SFDR, Article 10, Article 8, sustainability disclosure, website disclosure",
    date: "2023-03-01",
    sections: [
      {
        heading: "(a) Summary",
        body: [
          "The Fund promotes environmental and social characteristics within the meaning of Article 8 of the SFDR but does not have sustainable investment as its objective and does not commit to making sustainable investments. The environmental characteristic promoted is the improvement of the energy performance of the residential buildings in which the Fund invests; the social characteristic is the provision of affordable housing to middle-income households. The Fund invests in residential real estate in North-western Europe through joint ventures. Progress is measured with energy labels, energy intensity and the share of homes let at affordable rents. Data comes from energy performance certificates, metered consumption and rent rolls provided by property managers.",
        ],
      },
      {
        heading: "(b) No sustainable investment objective",
        body: [
          "This financial product promotes environmental or social characteristics, but does not have as its objective sustainable investment.",
        ],
      },
      {
        heading: "(c) Environmental or social characteristics of the financial product",
        body: [
          [
            "Environmental: improving the energy performance of the portfolio, with the aim that every home reaches an energy label of C or better within the holding period.",
            "Social: providing affordable rental housing, with the aim that the majority of homes are let at rents affordable to middle-income households under the applicable national definitions.",
          ],
        ],
      },
      {
        heading: "(d) Investment strategy",
        body: [
          "The Fund acquires existing residential buildings and, to a limited extent, new developments in the Netherlands, Ireland, Denmark and Finland, in partnership with local joint venture partners. Buildings with poor energy performance may be acquired where a business plan shows that they can be improved to label C or better at acceptable cost. The good governance of joint venture partners and property managers is assessed through know-your-customer checks, integrity screening and contractual obligations on compliance, anti-corruption and fair treatment of tenants.",
        ],
      },
      {
        heading: "(e) Proportion of investments",
        body: [
          "At least 70% of the Fund's investments, measured by gross asset value, are aligned with the environmental and social characteristics promoted. The remainder consists of cash, hedging instruments and assets that are in the process of being improved. The Fund does not commit to a minimum share of sustainable investments or of investments aligned with the EU Taxonomy.",
        ],
      },
      {
        heading: "(f) Monitoring of environmental or social characteristics",
        body: [
          "The asset management team monitors the indicators for every asset each quarter and the ESG committee reviews them at fund level each year. Deviations from the business plan are discussed with the joint venture partner and lead to corrective measures in the next annual plan.",
        ],
      },
      {
        heading: "(g) Methodologies",
        body: [
          [
            "Share of homes, by lettable floor area, with an energy label of C or better.",
            "Energy intensity in kWh per square metre per year, based on metered or estimated consumption.",
            "Share of homes let at a rent within the affordable range defined for the relevant country and city.",
          ],
        ],
      },
      {
        heading: "(h) Data sources and processing",
        body: [
          "Energy labels are taken from the official national registers. Consumption data comes from utility providers and smart meters where available and is otherwise estimated from the energy label. Rent data comes from the rent rolls of the property managers. Data is collected in the Fund's asset management system, checked for completeness and plausibility by the asset management team and reviewed by the ESG committee. The share of estimated data is reported with the results.",
        ],
      },
      {
        heading: "(i) Limitations to methodologies and data",
        body: [
          "Tenants' own energy consumption is not always available because of privacy rules and contract structures, so part of the energy data is estimated. Definitions of affordable rent differ between countries. These limitations do not prevent the Fund from meeting its characteristics because the energy label, the principal indicator, is available for every home.",
        ],
      },
      {
        heading: "(j) Due diligence",
        body: [
          "Before each acquisition the Fund carries out technical due diligence, including energy performance, the capital expenditure needed to reach label C or better and physical climate risks, and legal and integrity due diligence on the seller and the joint venture partner. The results are part of every proposal to the investment committee.",
        ],
      },
      {
        heading: "(k) Engagement policies",
        body: [
          "The Fund engages with its joint venture partners and property managers through annual business plans with ESG targets, quarterly reporting and regular asset visits. Tenant satisfaction is surveyed periodically.",
        ],
      },
      {
        heading: "(l) Designated reference benchmark",
        body: [
          "No index has been designated as a reference benchmark to determine whether the Fund is aligned with the environmental or social characteristics that it promotes.",
        ],
      },
    ],
  },

  {
    name: "sfdr-annex-2-disclosure",
    title: "Pre-contractual Disclosure (SFDR Annex II)",
    subtitle: "For the financial products referred to in Article 8 of Regulation (EU) 2019/2088",
    meta: "Product name: Veldhaven European Residential Fund\nVersion March 2023",
    subject: "SFDR Annex II pre-contractual disclosure for an Article 8 financial product",
    keywords: "SFDR, Annex II, pre-contractual disclosure, Article 8",
    date: "2023-03-01",
    sections: [
      {
        heading: "Does this financial product have a sustainable investment objective?",
        body: [
          "No. The product promotes environmental and social characteristics and, while it does not have as its objective a sustainable investment, it does not commit to a minimum proportion of sustainable investments.",
        ],
      },
      {
        heading: "What environmental and/or social characteristics are promoted by this financial product?",
        body: [
          "The product promotes an environmental characteristic, the improvement of the energy performance of residential buildings, and a social characteristic, the provision of affordable rental housing to middle-income households. No reference benchmark has been designated for the purpose of attaining these characteristics.",
        ],
      },
      {
        heading: "What sustainability indicators are used to measure the attainment of each characteristic?",
        body: [
          [
            "The share of homes, by lettable floor area, with an energy label of C or better.",
            "The energy intensity of the portfolio in kWh per square metre per year.",
            "The share of homes let at a rent within the affordable range for the relevant country and city.",
          ],
        ],
      },
      {
        heading: "Does this financial product consider principal adverse impacts on sustainability factors?",
        body: [
          "No. The management company does not consider the principal adverse impacts of investment decisions on sustainability factors, because reliable data across the product's joint ventures is not yet consistently available. This position is reviewed annually.",
        ],
      },
      {
        heading: "What investment strategy does this financial product follow?",
        body: [
          "The product invests in residential real estate in North-western Europe through joint ventures with local partners. Buildings are acquired where a business plan shows that the energy performance can be brought to label C or better and that the homes can be let at rents affordable to middle-income households.",
          "The binding elements of the strategy are: (1) every acquisition proposal contains an assessment of the energy performance and the capital expenditure needed to reach label C or better; (2) at least 70% of the investments are aligned with the characteristics promoted; (3) every joint venture partner passes integrity and sanctions screening before the investment.",
          "Good governance of joint venture partners and property managers is assessed through know-your-customer procedures, integrity screening, and contractual commitments on compliance, anti-corruption, tax compliance and fair treatment of tenants and staff.",
        ],
      },
      {
        heading: "What is the asset allocation planned for this financial product?",
        body: [
          [
            "#1 Aligned with E/S characteristics: at least 70% of gross asset value, being residential assets that meet or are on a funded plan to meet the characteristics.",
            "#2 Other: up to 30%, being cash held for liquidity, hedging instruments, and assets in the process of acquisition or improvement. No minimum environmental or social safeguards apply to cash and hedging instruments; other assets are subject to the same due diligence as all investments.",
          ],
          "The product does not commit to making sustainable investments, and the minimum share of investments aligned with the EU Taxonomy, including in fossil gas and nuclear energy related activities, is 0%.",
        ],
      },
      {
        heading: "Is a specific index designated as a reference benchmark?",
        body: ["No."],
      },
      {
        heading: "Where can I find more product specific information online?",
        body: [
          "More product-specific information, including the website disclosure under Article 10 SFDR, can be found on the Responsible investing page of the Veldhaven Capital Partners website.",
        ],
      },
    ],
  },

  {
    name: "code-of-conduct",
    title: "Code of Conduct",
    subtitle: "How we work with each other, our partners and the world around us",
    meta: "Applies to all partners, employees and contractors of Veldhaven Capital Partners\nVersion 3.1, adopted January 2023",
    subject: "Code of Conduct: values, integrity, conflicts of interest, anti-corruption, confidentiality, fair treatment and speaking up",
    keywords: "code of conduct, integrity, compliance, whistleblowing",
    date: "2023-01-15",
    sections: [
      {
        heading: "1. Why we have a code",
        body: [
          "Institutional investors entrust us with their capital, joint venture partners rely on our word and tenants live and work in the buildings we manage. That trust is our most valuable asset. This Code of Conduct describes the standards of behaviour we expect from everyone who works for or on behalf of Veldhaven Capital Partners, in every office and every country where we invest. It does not answer every question; when in doubt, ask your manager or the compliance officer before you act.",
        ],
      },
      {
        heading: "2. Our values",
        body: [
          [
            "Be engaged: we take ownership of our work and care about its results for investors, partners and tenants.",
            "Strive for the best: we set high standards, learn from mistakes and keep improving.",
            "Play as a team: we share knowledge, support each other and succeed together across our four offices.",
            "Do what is right: we act with integrity, even when no one is watching and even when it costs us business.",
          ],
        ],
      },
      {
        heading: "3. Compliance principles",
        body: [
          "Our Compliance Policy rests on five principles that apply throughout this code:",
          [
            "Integrity: we comply with the law and with the spirit of our own rules.",
            "Clients first: we act in the best interests of the investors in our funds and mandates.",
            "Avoiding conflicts: we identify, prevent and manage conflicts of interest.",
            "Confidentiality: we protect the information entrusted to us.",
            "Transparency: we are open with investors, regulators and each other, and we report concerns.",
          ],
        ],
      },
      {
        heading: "4. Conflicts of interest and personal investments",
        body: [
          "A conflict of interest arises when your personal interests, or those of people close to you, could influence or appear to influence your judgement at work. Declare any such situation to the compliance officer as soon as you become aware of it. You may not invest privately in real estate that competes with or is adjacent to an asset of our funds, nor hold interests in counterparties of the firm, without prior written approval. Outside positions, such as board seats, also require approval.",
        ],
      },
      {
        heading: "5. Gifts, hospitality and anti-corruption",
        body: [
          "We do not offer, give, request or accept bribes or facilitation payments, directly or through third parties, in any form. Modest gifts and hospitality that are customary in business are acceptable if they are infrequent, proportionate and could not be seen as influencing a decision. Gifts with a value above EUR 100 and all invitations from parties involved in a current transaction must be registered with the compliance officer. Cash gifts are never acceptable.",
        ],
      },
      {
        heading: "6. Money laundering and sanctions",
        body: [
          "We know who we do business with. Every investor, seller, buyer and joint venture partner is subject to know-your-customer checks and sanctions screening before a transaction and periodically thereafter. Report unusual transactions or reluctance to provide information to the compliance officer immediately, and never warn the party concerned.",
        ],
      },
      {
        heading: "7. Confidential information and data protection",
        body: [
          "Information about investors, transactions and assets is confidential and may only be used for the purpose for which it was provided. Inside information about listed companies must never be used to trade or be passed on. We process personal data of tenants, employees and business contacts in line with the General Data Protection Regulation and our privacy statement: only for a clear purpose, no longer than necessary and with appropriate security.",
        ],
      },
      {
        heading: "8. Respect, diversity and safety",
        body: [
          "We treat everyone with respect. We do not tolerate discrimination, harassment or intimidation on any ground, including gender, ethnicity, religion, age, disability or sexual orientation. We value a team with different backgrounds and views, and we hire and promote on merit. We provide a safe and healthy working environment and expect the same standards from our contractors on site.",
        ],
      },
      {
        heading: "9. Communication and social media",
        body: [
          "Only authorised persons speak to the media on behalf of the firm. When you use social media, make clear that your views are your own, do not share confidential information and be courteous; what you post may reflect on the firm and its partners.",
        ],
      },
      {
        heading: "10. Speaking up",
        body: [
          "If you suspect a breach of the law or of this code, speak up. You can raise a concern with your manager, the compliance officer or a member of the management board, or anonymously through the confidential reporting channel described in our whistleblowing procedure, which follows the Dutch Whistleblowers Protection Act and the EU Whistleblowing Directive. Reports are handled confidentially. Retaliation against anyone who raises a concern in good faith is itself a serious breach of this code.",
        ],
      },
      {
        heading: "11. Breaches and review",
        body: [
          "Breaches of this code may lead to disciplinary measures, up to and including dismissal, and may be reported to the authorities. Every employee confirms each year that they have read and complied with this code. The compliance officer reviews the code annually and proposes changes to the management board.",
        ],
      },
    ],
  },
];
