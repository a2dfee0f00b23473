/// The accuracy fixture: places with the locality (and, for boroughs, the subLocality) CLGeocoder
/// gives for them in the English locale. The expectations are the author's knowledge of Apple's
/// output, not answers captured from a device (see docs/geocoding.md "Accuracy").
///
/// Tab-separated: label, latitude, longitude, locality, subLocality (empty when not checked).
enum MunicipalityFixture {
    static let tsv = """
        Oak Park IL\t41.8850\t-87.7845\tOak Park\t
        Somerville MA\t42.3876\t-71.0995\tSomerville\t
        Miami Beach FL\t25.7907\t-80.1300\tMiami Beach\t
        Kenton, Portland OR\t45.5818\t-122.6815\tPortland\t
        Times Square, Manhattan\t40.7580\t-73.9855\tNew York\tManhattan
        Upper West Side, Manhattan\t40.7870\t-73.9754\tNew York\tManhattan
        Park Slope, Brooklyn\t40.6710\t-73.9814\tNew York\tBrooklyn
        Flushing, Queens\t40.7675\t-73.8331\tNew York\tQueens
        Yankee Stadium, The Bronx\t40.8296\t-73.9262\tNew York\tThe Bronx
        St. George, Staten Island\t40.6437\t-74.0736\tNew York\tStaten Island
        Evanston IL\t42.0451\t-87.6877\tEvanston\t
        Cambridge MA\t42.3736\t-71.1097\tCambridge\t
        Santa Monica CA\t34.0195\t-118.4912\tSanta Monica\t
        Beverly Hills CA\t34.0736\t-118.4004\tBeverly Hills\t
        Pasadena CA\t34.1478\t-118.1445\tPasadena\t
        West Hollywood CA\t34.0900\t-118.3617\tWest Hollywood\t
        Hoboken NJ\t40.7440\t-74.0324\tHoboken\t
        Jersey City NJ\t40.7178\t-74.0431\tJersey City\t
        Arlington VA\t38.8816\t-77.0910\tArlington\t
        Bellevue WA\t47.6101\t-122.2015\tBellevue\t
        The Loop, Chicago\t41.8827\t-87.6233\tChicago\t
        Back Bay, Boston\t42.3503\t-71.0810\tBoston\t
        Downtown Miami\t25.7743\t-80.1937\tMiami\t
        Downtown Los Angeles\t34.0522\t-118.2437\tLos Angeles\t
        Hollywood, Los Angeles\t34.0928\t-118.3287\tLos Angeles\t
        Seattle\t47.6062\t-122.3321\tSeattle\t
        Downtown Portland OR\t45.5152\t-122.6784\tPortland\t
        San Francisco\t37.7749\t-122.4194\tSan Francisco\t
        Oakland CA\t37.8044\t-122.2712\tOakland\t
        Berkeley CA\t37.8716\t-122.2727\tBerkeley\t
        Cicero IL\t41.8456\t-87.7539\tCicero\t
        Brookline MA\t42.3318\t-71.1212\tBrookline\t
        Coral Gables FL\t25.7215\t-80.2684\tCoral Gables\t
        Hialeah FL\t25.8576\t-80.2781\tHialeah\t
        Burbank CA\t34.1808\t-118.3090\tBurbank\t
        Glendale CA\t34.1425\t-118.2551\tGlendale\t
        Long Beach CA\t33.7701\t-118.1937\tLong Beach\t
        Alexandria VA\t38.8048\t-77.0469\tAlexandria\t
        Washington DC\t38.8977\t-77.0365\tWashington\t
        Silver Spring MD\t38.9907\t-77.0261\tSilver Spring\t
        Newark NJ\t40.7357\t-74.1724\tNewark\t
        Yonkers NY\t40.9312\t-73.8988\tYonkers\t
        Minneapolis MN\t44.9778\t-93.2650\tMinneapolis\t
        Saint Paul MN\t44.9537\t-93.0900\tSaint Paul\t
        Tempe AZ\t33.4255\t-111.9400\tTempe\t
        Scottsdale AZ\t33.4942\t-111.9261\tScottsdale\t
        Houston TX\t29.7604\t-95.3698\tHouston\t
        Dallas TX\t32.7767\t-96.7970\tDallas\t
        Denver CO\t39.7392\t-104.9903\tDenver\t
        Austin TX\t30.2672\t-97.7431\tAustin\t
        Kirkland WA\t47.6815\t-122.2087\tKirkland\t
        Redmond WA\t47.6740\t-122.1215\tRedmond\t
        Atlanta GA\t33.7490\t-84.3880\tAtlanta\t
        Decatur GA\t33.7748\t-84.2963\tDecatur\t
        Westminster, London\t51.4995\t-0.1248\tLondon\t
        City of London\t51.5155\t-0.0922\tLondon\t
        Camden Town, London\t51.5390\t-0.1426\tLondon\t
        Shibuya, Tokyo\t35.6595\t139.7005\tShibuya\t
        Shinjuku, Tokyo\t35.6938\t139.7034\tShinjuku\t
        Montmartre, Paris\t48.8867\t2.3431\tParis\t
        Kreuzberg, Berlin\t52.4986\t13.4030\tBerlin\t
        Mississauga ON\t43.5890\t-79.6441\tMississauga\t
        Brampton ON\t43.7315\t-79.7624\tBrampton\t
        Downtown Toronto\t43.6532\t-79.3832\tToronto\t
        Scarborough, Toronto\t43.7731\t-79.2578\tToronto\t
        Montreal QC\t45.5017\t-73.5673\tMontréal\t
        Sydney NSW\t-33.8688\t151.2093\tSydney\t
        Parramatta NSW\t-33.8150\t151.0011\tParramatta\t
        Melbourne VIC\t-37.8136\t144.9631\tMelbourne\t
        Paris\t48.8566\t2.3522\tParis\t
        Boulogne-Billancourt\t48.8397\t2.2399\tBoulogne-Billancourt\t
        Saint-Denis\t48.9362\t2.3574\tSaint-Denis\t
        Mitte, Berlin\t52.5200\t13.4050\tBerlin\t
        Potsdam\t52.3906\t13.0645\tPotsdam\t
        Munich\t48.1351\t11.5820\tMunich\t
        Madrid\t40.4168\t-3.7038\tMadrid\t
        Rome\t41.9028\t12.4964\tRome\t
        Amsterdam\t52.3676\t4.9041\tAmsterdam\t
        Vienna\t48.2082\t16.3738\tVienna\t
        Barcelona\t41.3874\t2.1686\tBarcelona\t
        L'Hospitalet de Llobregat\t41.3597\t2.0997\tL'Hospitalet de Llobregat\t
        Osaka\t34.6937\t135.5023\tOsaka\t
        Seoul\t37.5665\t126.9780\tSeoul\t
        Mexico City\t19.4326\t-99.1332\tMexico City\t
        São Paulo\t-23.5505\t-46.6333\tSão Paulo\t
        Buenos Aires\t-34.6037\t-58.3816\tBuenos Aires\t
        Vancouver BC\t49.2827\t-123.1207\tVancouver\t
        Burnaby BC\t49.2488\t-122.9805\tBurnaby\t
        Surrey BC\t49.1913\t-122.8490\tSurrey\t
        Manchester\t53.4808\t-2.2426\tManchester\t
        Salford\t53.4875\t-2.2901\tSalford\t
        Dublin\t53.3498\t-6.2603\tDublin\t
        """
}
